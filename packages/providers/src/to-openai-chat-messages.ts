import { joinBlocks } from "./format-system-text.js";
import { formatToolArguments, formatToolResultText, toDataUrl } from "./to-openai-input.js";
import type { Conversation, MessageContent } from "./types.js";

/** A content part of a Chat user message. */
export type OpenAIChatUserPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string } }
  | { type: "file"; file: { file_data: string; filename: string } };

/** A Chat tool call of an assistant message. */
export interface OpenAIChatToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** A message of Chat Completions (the system one included). */
export type OpenAIChatMessage =
  | { role: "system" | "developer"; content: string }
  | { role: "user"; content: string | OpenAIChatUserPart[] }
  | { role: "assistant"; content: string | null; tool_calls?: OpenAIChatToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

function toUserPart(block: MessageContent): OpenAIChatUserPart | undefined {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
      return { type: "image_url", image_url: { url: toDataUrl(block) } };
    case "document":
      // Chat takes files inline only; a URL document travels as its URL in text.
      return block.source.kind === "base64"
        ? {
            type: "file",
            file: { file_data: toDataUrl(block), filename: block.title ?? "document.pdf" },
          }
        : { type: "text", text: block.source.url };
    default:
      return undefined;
  }
}

function pushUser(messages: OpenAIChatMessage[], blocks: readonly MessageContent[]): void {
  if (blocks.length === 0) return;
  const texts = blocks.flatMap((block) => (block.type === "text" ? [block.text] : []));
  messages.push({
    role: "user",
    content:
      texts.length === blocks.length
        ? joinBlocks(texts)
        : blocks.flatMap((block) => toUserPart(block) ?? []),
  });
}

/**
 * The history as Chat messages: a user message's tool results become `tool` messages (first, in
 * order), its other content one user message; an assistant message becomes one message with its
 * text joined and its `tool_calls`. Reasoning items are not sent (Chat has no field for them);
 * images in assistant messages neither. Consecutive messages of one role stay separate.
 */
export function toOpenAIChatMessages(conversation: Conversation): OpenAIChatMessage[] {
  const messages: OpenAIChatMessage[] = [];
  for (const message of conversation.messages) {
    if (message.role === "user") {
      let rest: MessageContent[] = [];
      for (const block of message.content) {
        if (block.type !== "tool-result") {
          rest.push(block);
          continue;
        }
        pushUser(messages, rest);
        rest = [];
        messages.push({
          role: "tool",
          tool_call_id: block.id,
          content: formatToolResultText(block.text, block.json),
        });
      }
      pushUser(messages, rest);
      continue;
    }
    const texts = message.content.flatMap((block) => (block.type === "text" ? [block.text] : []));
    const calls = message.content.flatMap((block): OpenAIChatToolCall[] =>
      block.type === "tool-call"
        ? [
            {
              id: block.id,
              type: "function",
              function: { name: block.name, arguments: formatToolArguments(block.input) },
            },
          ]
        : [],
    );
    if (texts.length === 0 && calls.length === 0) continue;
    messages.push({
      role: "assistant",
      content: texts.length === 0 ? null : joinBlocks(texts),
      ...(calls.length === 0 ? {} : { tool_calls: calls }),
    });
  }
  return messages;
}
