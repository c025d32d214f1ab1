import type { Diagnostic } from "@promptstack/core";
import { assertObject, assertString } from "./assert-argument.js";
import { formatUserTurnText } from "./format-user-turn-text.js";
import { toPromptParts } from "./to-prompt-parts.js";
import type { Conversation, ConversationLayout, PromptTurn } from "./types.js";

/** The layout a turn's `factsLocation` asks for. */
export function toConversationLayout(turn: PromptTurn): ConversationLayout {
  return turn.factsLocation === "user-message" ? "turn-context" : "system-tail";
}

/**
 * Appends a user turn: the turn's prompt parts and, as the new message, the user's text (with
 * the per-turn facts ahead of it in the `turn-context` layout). The new message is frozen
 * exactly as the model receives it; earlier messages are never rewritten, so the history is
 * append-only byte for byte. A user turn may follow another one (a group chat).
 */
export function appendUserTurn(
  conversation: Conversation,
  turn: PromptTurn,
  text: string,
  layout: ConversationLayout,
): { readonly conversation: Conversation; readonly diagnostics: readonly Diagnostic[] } {
  assertObject(turn, "appendUserTurn", "turn");
  assertString(text, "appendUserTurn", "userText");
  const { profile } = turn;
  const parts = toPromptParts(turn.prompt, {
    profile,
    workspaceBoundary: conversation.workspaceBoundary,
  });
  const user = formatUserTurnText(text, {
    layout,
    volatile: parts.parts.volatile,
    projectionVersion: conversation.projectionVersion,
    profile,
  });
  const messages = Object.freeze([
    ...conversation.messages,
    Object.freeze({
      role: "user" as const,
      content: Object.freeze([Object.freeze({ type: "text" as const, text: user.text })]),
    }),
  ]);
  return {
    conversation: Object.freeze({
      ...conversation,
      layout,
      profile,
      prompt: parts.parts,
      messages,
    }),
    diagnostics: [...parts.diagnostics, ...user.diagnostics],
  };
}
