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
 * Appends a user turn: the turn's prompt parts and, as the new message, the user's text led by
 * the turn input's start-up block and heartbeat message (with the per-turn facts and the
 * runtime-context carrier ahead of it in the `turn-context` layout; in `system-tail` the carrier
 * ends the system text's per-turn tail). The new message is frozen
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
  const input = turn.turnInput;
  const carrier = input?.carrier ?? "";
  const user = formatUserTurnText(text, {
    layout,
    volatile: parts.parts.volatile,
    projectionVersion: conversation.projectionVersion,
    profile,
    leading: [input?.startup ?? "", input?.heartbeat ?? ""],
    carrier,
  });
  // system-tail: the carrier is per-turn, so it joins the volatile tail below the cache boundary.
  const prompt =
    layout === "system-tail" && carrier !== ""
      ? Object.freeze({
          ...parts.parts,
          volatile: parts.parts.volatile === "" ? carrier : `${parts.parts.volatile}\n\n${carrier}`,
        })
      : parts.parts;
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
      prompt,
      messages,
    }),
    diagnostics: [...parts.diagnostics, ...user.diagnostics],
  };
}
