import { throwInvalidArgument } from "./assert-argument.js";
import { appendAssistantMessage } from "./append-conversation-message.js";
import type { Conversation } from "./types.js";

/**
 * Appends the assistant's text reply: one text, or several text blocks (each counts as one
 * content block for Anthropic's lookback). For tool calls and reasoning items use
 * `appendAssistantMessage`. Marker-comment look-alikes are quoted, as everywhere.
 */
export function appendAssistantReply(
  conversation: Conversation,
  reply: string | readonly string[],
): Conversation {
  const blocks = typeof reply === "string" ? [reply] : reply;
  if (!Array.isArray(blocks) || blocks.length === 0 || blocks.some((b) => typeof b !== "string")) {
    throwInvalidArgument(
      "appendAssistantReply",
      "reply",
      "a string or a non-empty array of strings",
      reply,
    );
  }
  return appendAssistantMessage(
    conversation,
    blocks.map((text) => ({ type: "text" as const, text })),
  );
}
