import { createConversation } from "../src/create-conversation.js";
import type { Conversation, ConversationMessage } from "../src/types.js";

/** Test helper: an empty conversation holding `messages` as given (no checks, no quoting). */
export function conversationOf(messages: readonly ConversationMessage[]): Conversation {
  return { ...createConversation(), messages };
}

/** Test helper: a user message of one text block. */
export const user = (text: string): ConversationMessage => ({
  role: "user",
  content: [{ type: "text", text }],
});

const call = (id: string): ConversationMessage => ({
  role: "assistant",
  content: [{ type: "tool-call", id, name: "read", input: {} }],
});

const result = (id: string): ConversationMessage => ({
  role: "user",
  content: [{ type: "tool-result", id, name: "read", text: "r" }],
});

/**
 * Test helper: user, call c1, result c1, two users in a row, call c2, result c2; four requests
 * sent, the lineage keyed.
 */
export const history: Conversation = {
  ...conversationOf([
    user("a"),
    call("c1"),
    result("c1"),
    user("b"),
    user("c"),
    call("c2"),
    result("c2"),
  ]),
  turnEnds: [1, 3, 5, 7],
  promptCacheKey: "lineage-1",
};
