import type {
  AgentTurn,
  PrefixChange,
  PrefixPolicy,
  PrefixRefreshReason,
} from "@promptstack/agent";
import type { RunFacts } from "@promptstack/config";
import type { Diagnostic } from "@promptstack/core";

/**
 * Time between simulated turns when the facts are generated (their date moves a day per turn,
 * which as a clock would make every turn find the cache cold): one minute, a chat's pace, so the
 * provider cache stays warm and only a real refresh point replaces a pinned prefix.
 */
export const SIMULATED_TURN_GAP_MS = 60_000;

/** The workspace file `--edit-every` edits unless `--edit-file` names another. */
export const DEFAULT_EDIT_FILE = "MEMORY.md";

/** How the simulation drives the assembler's prefix policy. */
export interface PrefixSessionPlan {
  readonly policy: PrefixPolicy;
  /** Each turn's time (ms); absent: the assembler reads each turn's facts time. */
  readonly times?: readonly number[];
  /** Per turn: the history was compacted just before it (`--compact-every`). */
  readonly compacted: readonly boolean[];
  /** A line appended to `file` before turns `every + 1`, `2 * every + 1`, ... */
  readonly edit?: { readonly file: string; readonly every: number };
}

/** One turn's prefix state in the report. */
export interface CacheReportPrefixTurn {
  /** 1-based. */
  readonly turn: number;
  /** The workspace file edited just before this turn; null when none. */
  readonly edited: string | null;
  /** Why the pinned prefix was (re)built this turn; null when it was kept (or under `live`). */
  readonly refreshed: PrefixRefreshReason | null;
  /** Changes since the pin that this turn's change note carries. */
  readonly changes: readonly PrefixChange[];
  /** The change note as the model receives it (the `workspace_changes` section); "" when none. */
  readonly note: string;
}

/** The prefix part of `cache-report --json`. */
export interface CacheReportPrefix {
  readonly policy: PrefixPolicy;
  /** Time between turns (ms); null: each turn's facts time counts. */
  readonly turnGapMs: number | null;
  /** Turns between edits; null: no edits. */
  readonly editEvery: number | null;
  /** The edited workspace file; null: no edits. */
  readonly editFile: string | null;
  /** Per turn, as rendered for the `turn-context` layout (`system-tail` gets the same edits). */
  readonly turns: readonly CacheReportPrefixTurn[];
}

/** Whether something happens before turn `index` (0-based) every `every` turns. */
export function isEveryNth(index: number, every: number | undefined): boolean {
  return every !== undefined && index > 0 && index % every === 0;
}

/** The line the simulation appends to the edited file before turn `index` (0-based). */
export function buildEditLine(index: number): string {
  return `- Turn ${index + 1}: the agent noted that the user prefers the 07:40 train.\n`;
}

/**
 * The per-turn times of generated facts: the first turn at the facts' date and time (read as
 * UTC, only differences count), each next one `SIMULATED_TURN_GAP_MS` later.
 */
export function toSimulatedTimes(first: RunFacts, count: number): number[] {
  const at = Date.parse(`${first.time.date}T${first.time.time ?? "00:00"}Z`);
  const start = Number.isFinite(at) ? at : Date.parse(`${first.time.date}T00:00Z`);
  return Array.from({ length: count }, (_, index) => start + index * SIMULATED_TURN_GAP_MS);
}

/**
 * The prefix side of a `cache-report` run: the policy, the per-turn times (generated facts move a
 * day per turn, so the clock moves `SIMULATED_TURN_GAP_MS` instead; `--facts-dir` files keep
 * their own times), the compactions and the edits.
 */
export function planPrefixSession(
  options: {
    readonly prefixPolicy?: PrefixPolicy;
    readonly factsDir?: string;
    readonly compactEvery?: number;
    readonly editEvery?: number;
    readonly editFile?: string;
  },
  facts: readonly RunFacts[],
): PrefixSessionPlan {
  return {
    policy: options.prefixPolicy ?? "live",
    ...(options.factsDir === undefined && facts[0] !== undefined
      ? { times: toSimulatedTimes(facts[0], facts.length) }
      : {}),
    compacted: facts.map((_, index) => isEveryNth(index, options.compactEvery)),
    ...(options.editEvery === undefined
      ? {}
      : { edit: { file: options.editFile ?? DEFAULT_EDIT_FILE, every: options.editEvery } }),
  };
}

/** The report's view of the turns one plan rendered. */
export function toCacheReportPrefix(
  plan: PrefixSessionPlan,
  turns: readonly AgentTurn[],
): CacheReportPrefix {
  return {
    policy: plan.policy,
    turnGapMs: plan.times === undefined ? null : SIMULATED_TURN_GAP_MS,
    editEvery: plan.edit?.every ?? null,
    editFile: plan.edit?.file ?? null,
    turns: turns.map((turn, index) => ({
      turn: index + 1,
      edited: isEveryNth(index, plan.edit?.every) ? plan.edit!.file : null,
      refreshed: turn.prefix.refreshed?.reason ?? null,
      changes: turn.prefix.pendingChanges,
      note: turn.prompt.sections.find((section) => section.id === "workspace_changes")?.text ?? "",
    })),
  };
}

/**
 * A warning when the edited file is not one the prompt shows (not a bootstrap file the config
 * injects): its edits then change nothing the model sees, under either policy.
 */
export function findUnseenEdit(
  plan: PrefixSessionPlan,
  turns: readonly AgentTurn[],
): Diagnostic | undefined {
  const file = plan.edit?.file;
  const last = turns.at(-1);
  if (file === undefined || last === undefined) return undefined;
  const shown = last.bootstrap.files.some(
    (entry) => entry.name === file && (entry.status === "ok" || entry.status === "truncated"),
  );
  if (shown) return undefined;
  return {
    code: "CLI_CACHE_REPORT_EDIT_UNSEEN",
    severity: "warning",
    message: `--edit-file ${file} is not a file the prompt shows, so its edits change nothing the model sees.`,
    path: "--edit-file",
    hint: "Edit a bootstrap file the prompt injects: MEMORY.md (the default), AGENTS.md, SOUL.md, USER.md, ...",
  };
}
