import { throwInvalidArgument } from "./assert-argument.js";
import { ProvidersError } from "./providers-error.js";
import { neutralizeMarkerComments } from "./to-prompt-parts.js";
import type { Conversation, ConversationMessage } from "./types.js";

/** Options of `compactConversation`. */
export interface CompactConversationOptions {
  /**
   * How many messages from the start the summary replaces. Default: all of them. The span must
   * not separate a tool call from its result.
   */
  readonly upTo?: number;
  /** The summary, as the runtime produced it (for example with a summary request). */
  readonly summary: string;
}

/**
 * Replaces the oldest messages with one user message holding the runtime's summary. The tools
 * and the system text are untouched (their cache entries stay valid); the messages after the
 * span are kept byte for byte. Re-billed: the first request after compaction writes the summary
 * and everything after it once; the tools and system prefix are read from cache.
 *
 * Produce the summary with an ordinary request on the uncompacted conversation (the summary
 * instruction as its `userText`): that request is a prefix extension of the last one, so it reads
 * the whole history from cache. The lineage's `prompt_cache_key` is kept.
 */
export function compactConversation(
  conversation: Conversation,
  options: CompactConversationOptions,
): Conversation {
  const fn = "compactConversation";
  if (typeof options !== "object" || options === null) {
    throwInvalidArgument(fn, "options", "an object `{ summary, upTo? }`", options);
  }
  if (typeof options.summary !== "string" || options.summary === "") {
    throwInvalidArgument(fn, "summary", "a non-empty string", options.summary);
  }
  const { messages } = conversation;
  const upTo = options.upTo ?? messages.length;
  if (!Number.isInteger(upTo) || upTo < 1 || upTo > messages.length) {
    throwInvalidArgument(fn, "upTo", `an integer from 1 to ${messages.length}`, upTo);
  }
  assertNoSplitToolCall(messages, upTo, fn);
  const summary: ConversationMessage = Object.freeze({
    role: "user",
    content: Object.freeze([
      Object.freeze({
        type: "text" as const,
        text: neutralizeMarkerComments(options.summary, conversation.profile),
      }),
    ]),
  });
  return Object.freeze({
    ...conversation,
    messages: Object.freeze([summary, ...messages.slice(upTo)]),
    // The next request writes a new history prefix; nothing earlier in it is on record.
    turnEnds: Object.freeze([]),
  });
}

/** Throws `PROVIDERS_BAD_ORDER` when a result after `upTo` answers a call before it. */
export function assertNoSplitToolCall(
  messages: readonly ConversationMessage[],
  upTo: number,
  fn: string,
): void {
  const before = new Set<string>();
  for (const message of messages.slice(0, upTo)) {
    for (const block of message.content) {
      if (block.type === "tool-call") before.add(block.id);
      if (block.type === "tool-result") before.delete(block.id);
    }
  }
  for (const message of messages.slice(upTo)) {
    for (const block of message.content) {
      if (block.type === "tool-result" && before.has(block.id)) {
        throw new ProvidersError(
          "PROVIDERS_BAD_ORDER",
          `${fn}: upTo ${upTo} separates tool call "${block.id}" from its result.`,
          { path: "upTo", hint: "Move upTo past the tool results of the last call it keeps." },
        );
      }
    }
  }
}
