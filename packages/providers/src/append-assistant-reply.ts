import { throwInvalidArgument } from "./assert-argument.js";
import { ProvidersError } from "./providers-error.js";
import { neutralizeMarkerComments } from "./to-prompt-parts.js";
import type { Conversation } from "./types.js";

/**
 * Appends the assistant's reply to the newest user turn: one text, or several text blocks (each
 * counts as one content block for Anthropic's lookback). Throws `PROVIDERS_BAD_ORDER` when the
 * newest message is not a user turn. Marker-comment look-alikes are quoted, as everywhere.
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
  const last = conversation.messages[conversation.messages.length - 1];
  if (last?.role !== "user") {
    throw new ProvidersError(
      "PROVIDERS_BAD_ORDER",
      "appendAssistantReply: there is no user turn to reply to.",
      { hint: "Append the user's turn with appendUserTurn first." },
    );
  }
  return Object.freeze({
    ...conversation,
    messages: Object.freeze([
      ...conversation.messages,
      Object.freeze({
        role: "assistant" as const,
        blocks: Object.freeze(
          blocks.map((block) => neutralizeMarkerComments(block, conversation.profile)),
        ),
      }),
    ]),
  });
}
