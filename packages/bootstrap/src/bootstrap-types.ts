import type { SessionKind } from "@promptstack/renderer";
import type { Diagnostic } from "@promptstack/core";

/** Which folder a bootstrap file came from. */
export type BootstrapFileOrigin = "workspace" | "execution";

/**
 * Marks content that holds only the head and the tail of a file larger than the read window,
 * joined at `gapAt`. `rawChars` estimates the whole file (exact for ASCII text with LF endings).
 */
export interface BootstrapReadWindow {
  readonly rawChars: number;
  readonly gapAt: number;
}

/** A bootstrap file before budgets: what the reader (or a hook) produced. */
export interface RawBootstrapFile {
  /** File name, e.g. `AGENTS.md`. */
  readonly name: string;
  /** Absolute path (for display and diagnostics only; never re-read). */
  readonly path: string;
  readonly origin: BootstrapFileOrigin;
  /** Normalized text, or `null` when the file is missing. */
  readonly content: string | null;
  /** Present when only part of a large file was read. */
  readonly window?: BootstrapReadWindow;
}

/** Injection status of one bootstrap file. */
export type BootstrapFileStatus = "ok" | "truncated" | "missing" | "skipped";

/** Which budget cut a file. */
export type BootstrapLimit = "per-file" | "total";

/** A budgeted bootstrap file, as injected. */
export interface BootstrapFile {
  readonly name: string;
  readonly path: string;
  readonly origin: BootstrapFileOrigin;
  /** Injected text (may hold a truncation or missing-file marker). */
  readonly content: string;
  readonly status: Exclude<BootstrapFileStatus, "skipped">;
}

/** Per-file accounting, for diagnostics and the `context` command. */
export interface BootstrapFileStat {
  readonly name: string;
  readonly path: string;
  readonly origin: BootstrapFileOrigin;
  readonly status: BootstrapFileStatus;
  readonly rawChars: number;
  readonly injectedChars: number;
  readonly limitedBy: BootstrapLimit | null;
  readonly reason?: string;
}

/** Char and optional token budgets. Token budgets are off unless set. */
export interface BootstrapBudgets {
  /** Per-file char budget (`bootstrapMaxChars`), default 20000. */
  readonly maxChars?: number;
  /** Char budget across all files (`bootstrapTotalMaxChars`), default 60000. */
  readonly totalMaxChars?: number;
  /** Per-file token budget (`bootstrapMaxTokens`), off by default. */
  readonly maxTokens?: number;
  /** Token budget across all files (`bootstrapTotalMaxTokens`), off by default. */
  readonly totalMaxTokens?: number;
}

/** A file as a hook handler sees it: a mutable copy. `content: null` means missing. */
export interface BootstrapHookFile {
  name: string;
  path: string;
  origin: BootstrapFileOrigin;
  content: string | null;
}

/** The `agent:bootstrap` event passed to each handler. */
export interface BootstrapHookEvent {
  readonly type: "agent:bootstrap";
  /** A copy of the current list: mutate it, or return a new list. */
  readonly files: BootstrapHookFile[];
  readonly sessionKind: SessionKind;
  readonly workspaceDir: string;
  readonly executionDir?: string;
}

/** One `agent:bootstrap` handler. Returning nothing keeps the (possibly mutated) event list. */
export type BootstrapHookHandler = (
  event: BootstrapHookEvent,
) => void | readonly BootstrapHookFile[] | Promise<void | readonly BootstrapHookFile[]>;

/** Hook handlers by event, run in order. */
export interface BootstrapHooks {
  readonly "agent:bootstrap"?: readonly BootstrapHookHandler[];
}

/** Output of `applyBootstrapBudgets`. */
export interface BudgetedBootstrapFiles {
  readonly files: readonly BootstrapFile[];
  readonly stats: readonly BootstrapFileStat[];
  /** Some file was cut or dropped by a budget. */
  readonly truncated: boolean;
  readonly diagnostics: readonly Diagnostic[];
}
