import { createConversation } from "../src/create-conversation.js";
import type { Conversation, ConversationMessage } from "../src/types.js";

/** Test helper: an empty conversation holding `messages` as given (no checks, no quoting). */
export function conversationOf(messages: readonly ConversationMessage[]): Conversation {
  return { ...createConversation(), messages };
}
