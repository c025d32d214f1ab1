/**
 * The view-model of the `inspect` page: plain data, already counted and labelled, so the page
 * builder only lays it out. Counts are UTF-16 characters and o200k_base tokens, the same numbers
 * `render --json` and `context --json` report.
 */
import type { CacheExplanation } from "../reports/build-cache-explanation.js";

export interface InspectView {
  /** Short title, e.g. the workspace's display path. */
  readonly title: string;
  /** Where the render came from, shown under the title as label/value pairs. */
  readonly source: readonly InspectSourceItem[];
  /** Every section in prompt order. */
  readonly sections: readonly InspectSection[];
  /** The cache boundary; null when the prompt has none (everything is one prefix). */
  readonly boundary: InspectBoundary | null;
  readonly totals: InspectTotals;
  readonly bootstrap: readonly InspectBootstrapFile[];
  readonly skills: InspectSkills;
  /** Everything the render reported (errors, warnings, info), in the order reported. */
  readonly diagnostics: readonly InspectDiagnostic[];
  /** The model-bound layer stack; present for `--harness codex` only. */
  readonly codexLayers?: readonly InspectCodexLayer[];
  /** Why two turns do or do not share their cached prefix; present with `--before`/`--after`. */
  readonly cacheDiff?: InspectCacheDiff;
  /** The session-pinned prefix's state; present with `--prefix-policy session` only. */
  readonly prefix?: InspectPrefix;
  /**
   * The last render failed (a broken edit while watching). The page shows it prominently; the
   * rest of the view is the last render that worked, or empty when none did.
   */
  readonly failure?: InspectDiagnostic;
}

/** One label/value pair describing the inputs (workspace, facts, harness, mode, ...). */
export interface InspectSourceItem {
  readonly label: string;
  readonly value: string;
}

/** One prompt section. */
export interface InspectSection {
  /** Stable snake_case id, e.g. `execution_bias`. */
  readonly id: string;
  /** Heading as rendered ("" for the identity line). */
  readonly heading: string;
  /** The section's text as the model gets it. */
  readonly text: string;
  /** Side of the cache boundary. */
  readonly cache: "stable" | "volatile";
  readonly chars: number;
  readonly tokens: number;
}

/** Where the cacheable prefix ends. */
export interface InspectBoundary {
  /** Offset in the model text where the volatile suffix starts. */
  readonly offset: number;
}

/** Sizes of the whole prompt and of its two halves. */
export interface InspectTotals {
  readonly chars: number;
  readonly tokens: number;
  readonly stableChars: number;
  readonly stableTokens: number;
  readonly volatileChars: number;
  readonly volatileTokens: number;
  /** Tokens of the tool schemas every request also carries. */
  readonly toolSchemaTokens: number;
}

/** One bootstrap file (AGENTS.md, SOUL.md, ...) and what of it reached the prompt. */
export interface InspectBootstrapFile {
  readonly name: string;
  /** Display path. */
  readonly path: string;
  readonly status: "ok" | "truncated" | "missing" | "skipped";
  readonly rawChars: number;
  /** Null when the raw file was not read (missing, skipped, or too large to count). */
  readonly rawTokens: number | null;
  readonly injectedChars: number;
  readonly injectedTokens: number;
  /** Which budget cut the file; null when none did. */
  readonly limitedBy: "per-file" | "total" | null;
  /** Why a file was skipped or is missing. */
  readonly reason?: string;
  /** For a truncated file whose raw text was read: what was kept around the cut. */
  readonly truncation?: InspectTruncation;
  /** Diagnostics whose path is this file. */
  readonly diagnostics: readonly InspectDiagnostic[];
}

/** The kept head and tail of a truncated file. */
export interface InspectTruncation {
  readonly head: string;
  readonly tail: string;
  /** Raw characters left out between head and tail. */
  readonly omittedChars: number;
  /** What the prompt holds in their place (the truncation marker). */
  readonly marker: string;
}

/** The skills list and every discovered skill's fate. */
export interface InspectSkills {
  /** Degradation step the list needed: `full`, `shortened`, `compact` or `truncated`. */
  readonly format: string;
  readonly discovered: number;
  readonly eligible: number;
  readonly included: number;
  readonly chars: number;
  readonly tokens: number;
  readonly entries: readonly InspectSkill[];
}

/** One discovered skill. */
export interface InspectSkill {
  readonly name: string;
  /** Root tier, e.g. `workspace`, `bundled`, `plugin`. */
  readonly tier: string;
  readonly status: "included" | "omitted" | "excluded" | "shadowed";
  /** Why the skill is not listed (gate, allowlist, budget, shadowed by a higher tier). */
  readonly reason?: string;
  readonly chars: number;
  readonly tokens: number;
  /** Display path of SKILL.md. */
  readonly path: string;
}

/** A diagnostic as the CLI reports it. */
export interface InspectDiagnostic {
  readonly code: string;
  readonly severity: "error" | "warning" | "info";
  readonly message: string;
  readonly path?: string;
  readonly hint?: string;
}

/** One reconstructed model-bound layer of the Codex harness. */
export interface InspectCodexLayer {
  readonly role: "system" | "developer" | "user";
  /** What produced the layer, e.g. `model-instructions`. */
  readonly source: string;
  readonly text: string;
  readonly chars: number;
  readonly tokens: number;
}

/** The cache comparison of two turns (the same facts `explain-cache` reports). */
export interface InspectCacheDiff {
  readonly beforeLabel: string;
  readonly afterLabel: string;
  /** `identical`: the stable prefixes are byte-identical, so a prefix cache hits. */
  readonly outcome: "identical" | "differs";
  readonly beforeStableTokens: number;
  readonly afterStableTokens: number;
  /** Tokens both stable prefixes share from the start: what a cache can reuse. */
  readonly reusablePrefixTokens: number;
  readonly reusablePrefixChars: number;
  /**
   * The first stable section that differs (`explain-cache`'s own), its position counted among
   * the earlier turn's stable sections; absent when the prefixes are identical.
   */
  readonly firstDifference?: NonNullable<CacheExplanation["firstDifference"]>;
  /** Volatile sections whose text changed; they never affect the cached prefix. */
  readonly volatileChanges: readonly string[];
}

/** A session-pinned prefix (`--prefix-policy session`): the pin, its last refresh, pending notes. */
export interface InspectPrefix {
  readonly policy: "session";
  /** When the prefix was pinned (the facts' date and time, as UTC ISO); null when unknown. */
  readonly pinnedAt: string | null;
  /** Renders this inspect run made through its one assembler. */
  readonly renders: number;
  /** The last (re)pin: why, and at which render (1-based). */
  readonly lastRefresh: { readonly reason: string; readonly render: number };
  /** Changes since the pin that the change note carries. */
  readonly pendingChanges: readonly {
    readonly kind: "file" | "skill" | "config";
    readonly name: string;
    readonly change: "added" | "edited" | "removed";
    readonly chars: number;
  }[];
  /** The change note as the model receives it ("" when none). */
  readonly note: string;
}
