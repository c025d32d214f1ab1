import { throwInvalidArgument } from "./assert-argument.js";
import { assertNoSplitToolCall } from "./compact-conversation.js";
import type { Conversation } from "./types.js";

/** Options of `forkConversation`. */
export interface ForkConversationOptions {
  /** How many of the parent's messages the child starts with. Default: all of them. */
  readonly upTo?: number;
}

/**
 * Starts a sub-agent's conversation from its parent's: the same prompt parts, layout, profile
 * and `prompt_cache_key` (one key per lineage), and the parent's first `upTo` messages byte for
 * byte. Build the child's requests with the parent's turn (same tools and system text) and its
 * first request reads the parent's cached prefix. Throws when `upTo` separates a tool call from
 * its result.
 */
export function forkConversation(
  conversation: Conversation,
  options: ForkConversationOptions = {},
): Conversation {
  const fn = "forkConversation";
  const { messages } = conversation;
  const upTo = options.upTo ?? messages.length;
  if (!Number.isInteger(upTo) || upTo < 0 || upTo > messages.length) {
    throwInvalidArgument(fn, "upTo", `an integer from 0 to ${messages.length}`, upTo);
  }
  assertNoSplitToolCall(messages, upTo, fn);
  return Object.freeze({
    ...conversation,
    messages: Object.freeze(messages.slice(0, upTo)),
    turnEnds: Object.freeze(conversation.turnEnds.filter((end) => end <= upTo)),
  });
}
