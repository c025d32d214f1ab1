import type { Diagnostic } from "@promptstack/renderer";
import { assertObject, assertString } from "./assert-argument.js";
import { formatUserTurnText } from "./format-user-turn-text.js";
import { ProvidersError } from "./providers-error.js";
import { toPromptParts } from "./to-prompt-parts.js";
import type { Conversation, PromptSource } from "./types.js";

/** One user turn: the prompt rendered for it and what the user wrote. */
export interface UserTurn {
  readonly prompt: PromptSource;
  /** The user's own text, as stored in the transcript (projected on the way to the model). */
  readonly text: string;
}

/**
 * Appends a user turn. The new message is frozen exactly as the model receives it; earlier
 * messages are never rewritten, so the history is append-only byte for byte. The conversation's
 * system parts become this turn's. Throws `PROVIDERS_BAD_ORDER` after another user turn.
 */
export function appendUserTurn(
  conversation: Conversation,
  turn: UserTurn,
): { readonly conversation: Conversation; readonly diagnostics: readonly Diagnostic[] } {
  assertObject(turn, "appendUserTurn", "turn");
  assertString(turn.text, "appendUserTurn", "turn.text");
  const last = conversation.messages[conversation.messages.length - 1];
  if (last?.role === "user") {
    throw new ProvidersError(
      "PROVIDERS_BAD_ORDER",
      "appendUserTurn: the newest message is already a user turn with no reply.",
      { hint: "Append the assistant's reply with appendAssistantReply first." },
    );
  }
  const { profile } = conversation;
  const parts = toPromptParts(turn.prompt, {
    profile,
    workspaceBoundary: conversation.workspaceBoundary,
  });
  const user = formatUserTurnText(turn.text, {
    layout: conversation.layout,
    volatile: parts.parts.volatile,
    projectionVersion: conversation.projectionVersion,
    profile,
  });
  const messages = Object.freeze([
    ...conversation.messages,
    Object.freeze({ role: "user" as const, blocks: Object.freeze([user.text]) }),
  ]);
  return {
    conversation: Object.freeze({
      ...conversation,
      prompt: parts.parts,
      messages,
      turnEnds: Object.freeze([...conversation.turnEnds, messages.length]),
    }),
    diagnostics: [...parts.diagnostics, ...user.diagnostics],
  };
}
