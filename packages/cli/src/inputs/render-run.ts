import type { AgentBootstrapFile, AgentSkill, AgentTurnPrefix } from "@promptstack/agent";
import type { RenderedPrompt, TurnInput } from "@promptstack/renderer";
import type { Diagnostic } from "@promptstack/core";

/** One bootstrap file's accounting, as the turn reports it (display path, no token counts). */
export type RenderRunBootstrapFile = Pick<
  AgentBootstrapFile,
  | "name"
  | "path"
  | "status"
  | "rawChars"
  | "injectedChars"
  | "limitedBy"
  | "rawText"
  | "injectedText"
  | "reason"
>;

/** One discovered skill and what became of it, as the turn reports it, with its entry's size. */
export type RenderRunSkill = Omit<AgentSkill, "gate"> & {
  /** Characters of the skill's entry in the list (0 when not listed). */
  readonly chars: number;
};

/** A tool the run offers, as the facts describe it. */
export interface RenderRunTool {
  readonly name: string;
  readonly description?: string;
  readonly parameters?: unknown;
}

/** Codex params and layers for `--harness codex`. */
export interface RenderRunCodex {
  readonly threadStart: Readonly<Record<string, unknown>>;
  readonly threadResume: Readonly<Record<string, unknown>>;
  readonly turnStart: Readonly<Record<string, unknown>>;
  readonly layers: readonly {
    readonly role: "system" | "developer" | "user";
    readonly source: string;
    readonly text: string;
  }[];
}

/** Everything one render produced: the loaded inputs' accounting plus the rendered prompt. */
export interface RenderRun {
  readonly prompt: RenderedPrompt;
  /** The prompt as the model gets it (markers stripped). */
  readonly modelText: string;
  /** Offset in `modelText` where the volatile suffix starts; -1 when there is none. */
  readonly boundary: number;
  readonly bootstrap: readonly RenderRunBootstrapFile[];
  readonly skills: {
    readonly all: readonly RenderRunSkill[];
    readonly eligible: number;
    readonly included: number;
    readonly omitted: readonly string[];
    readonly text: string;
    readonly format: string;
  };
  readonly tools: readonly RenderRunTool[];
  readonly diagnostics: readonly Diagnostic[];
  /** The prefix policy's state for this turn (the pin, a refresh, pending changes). */
  readonly prefix: AgentTurnPrefix;
  /** The turn's own input (heartbeat message, start-up block, carrier); absent when empty. */
  readonly turnInput?: TurnInput;
  readonly codex?: RenderRunCodex;
}
