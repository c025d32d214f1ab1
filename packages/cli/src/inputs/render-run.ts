import type { Diagnostic, RenderedPrompt } from "@promptstack/renderer";

/** One bootstrap file's accounting, with a display path. */
export interface RenderRunBootstrapFile {
  readonly name: string;
  readonly path: string;
  readonly status: "ok" | "truncated" | "missing" | "skipped";
  readonly rawChars: number;
  readonly injectedChars: number;
  readonly limitedBy: "per-file" | "total" | null;
  /** Raw file text when it was read (for token counts of the raw file). */
  readonly rawText?: string;
  /** Injected text (markers included). */
  readonly injectedText?: string;
  readonly reason?: string;
}

/** One discovered skill and what became of it. */
export interface RenderRunSkill {
  readonly name: string;
  readonly tier: string;
  /** Display path of SKILL.md. */
  readonly path: string;
  readonly status: "included" | "omitted" | "excluded" | "shadowed";
  /** Why a skill was excluded or shadowed, or why a `manual` skill is not listed. */
  readonly reason?: string;
  /** `skills.entries.<key>.listing`: pinned, normal, name-only or manual. */
  readonly listing: string;
  readonly priority: number;
  /** What the list shows of an eligible skill: full, shortened, compact, omitted or manual. */
  readonly form?: string;
  /** Why an eligible skill is not shown in full: budget, max-skills or listing. */
  readonly formCause?: string;
  /** Characters of the skill's entry in the list (0 when not listed). */
  readonly chars: number;
  /** The skill's `<skill>` entry as listed, when it is listed. */
  readonly entryText?: string;
}

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
  readonly codex?: RenderRunCodex;
}
