import type { RunFacts } from "@promptstack/config";
import { buildRuntimeContextCarrier } from "@promptstack/renderer";
import type { ProductProfile } from "@promptstack/core";
import type { TurnInput } from "@promptstack/renderer";
import type { AgentTurn } from "./agent-types.js";

/** What one turn's input is built from; the assembler read it all. */
export interface TurnInputParts {
  readonly facts: RunFacts;
  readonly profile: ProductProfile;
  /** The resolved `heartbeat.prompt` (the built-in default when unset). */
  readonly heartbeatPrompt: string;
  /** The configured heartbeat file, read on heartbeat turns when it exists. */
  readonly heartbeatFile?: AgentTurn["heartbeatFile"];
  /** The start-up block of a bare `/new` or `/reset`, when there was recent daily memory. */
  readonly startup?: string;
  readonly userText?: string;
}

/**
 * The turn-scoped input a runtime sends with the user's message. Pure. The heartbeat message
 * exists on heartbeat turns only: the configured prompt, then the heartbeat file under its
 * display path when the file is not blank. The carrier exists when the facts carry a
 * `runtimeContext`; every fact in it is escaped so it can neither open nor close the block.
 */
export function buildTurnInput(parts: TurnInputParts): TurnInput {
  const { facts } = parts;
  const heartbeat = facts.sessionKind === "heartbeat" ? formatHeartbeatMessage(parts) : undefined;
  const context = facts.runtimeContext;
  let carrier: string | undefined;
  if (context !== undefined) {
    // Everything but the two options is a capability's snapshot, so a new kind needs no edit here.
    const { requester, sessionOwner, ...snapshot } = context;
    carrier = buildRuntimeContextCarrier(snapshot, {
      profile: parts.profile,
      ...(requester === undefined ? {} : { requester }),
      ...(sessionOwner === undefined ? {} : { sessionOwner }),
    });
  }
  return {
    ...(parts.userText === undefined ? {} : { userText: parts.userText }),
    ...(parts.startup === undefined ? {} : { startup: parts.startup }),
    ...(heartbeat === undefined ? {} : { heartbeat }),
    ...(carrier === undefined ? {} : { carrier }),
  };
}

function formatHeartbeatMessage(parts: TurnInputParts): string {
  const file = parts.heartbeatFile;
  const content = file?.content.trim() ?? "";
  if (file === undefined || content === "") return parts.heartbeatPrompt;
  return `${parts.heartbeatPrompt}\n\n[Heartbeat notes: ${file.path}]\n${content}`;
}
