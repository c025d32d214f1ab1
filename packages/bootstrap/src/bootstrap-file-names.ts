import { BUDGET_DEFAULTS } from "@promptstack/core";

/** The bootstrap files of a configured workspace, in injection order. */
export const BOOTSTRAP_FILE_NAMES = [
  "AGENTS.md",
  "SOUL.md",
  "IDENTITY.md",
  "USER.md",
  "BOOTSTRAP.md",
  "MEMORY.md",
] as const;

/** Name of one known bootstrap file. */
export type BootstrapFileName = (typeof BOOTSTRAP_FILE_NAMES)[number];

/** Files that inject a missing-file marker when absent; the others are optional. */
export const REQUIRED_BOOTSTRAP_FILE_NAMES: readonly string[] = [
  "AGENTS.md",
  "SOUL.md",
  "IDENTITY.md",
  "USER.md",
];

/**
 * A legacy workspace file, no longer loaded: tool notes live in an `## Tools` section of
 * AGENTS.md. Found by the folder listing, reported with `BOOTSTRAP_LEGACY_TOOLS_FILE`.
 */
export const LEGACY_TOOLS_FILE_NAME = "TOOLS.md";

/** Heartbeat scratch: never bootstrap context, whoever adds it. */
export const HEARTBEAT_FILE_NAME = "HEARTBEAT.md";

/** Default char budgets from the reference implementation. */
export const DEFAULT_BOOTSTRAP_MAX_CHARS = BUDGET_DEFAULTS.bootstrapMaxChars;

/** Default total char budget across files. */
export const DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS = BUDGET_DEFAULTS.bootstrapTotalMaxChars;

/** Below this many chars left in the total budget, no further file is injected. */
export const BOOTSTRAP_MIN_REMAINING_CHARS = 64;

/** Below this many tokens left in the total token budget, no further file is injected. */
export const BOOTSTRAP_MIN_REMAINING_TOKENS = 16;
