import type { RunFacts } from "@promptstack/config";
import { AgentError } from "./agent-error.js";
import type {
  AgentTurnOptions,
  AgentTurnPrefix,
  PrefixPolicy,
  PrefixRefreshReason,
} from "./agent-types.js";
import type { AgentTurnParts } from "./build-agent-turn.js";
import { buildPrefixChangeNote, toPrefixSnapshot } from "./build-prefix-change-note.js";
import type { PrefixSnapshot } from "./build-prefix-change-note.js";

/** Default time after which the provider cache is taken to be cold: 5 minutes. */
export const DEFAULT_PREFIX_TTL_MS = 300_000;
/** Default largest change note (characters) before the prefix refreshes instead. */
export const DEFAULT_MAX_CHANGE_NOTE_CHARS = 4000;

/** What a turn is built from under the prefix policy, and the policy's report. */
export interface PinnedTurnParts {
  readonly parts: AgentTurnParts;
  readonly prefix: AgentTurnPrefix;
}

/** One assembler's session pin: the parts the prefix was pinned with, and when. */
export interface PrefixPin {
  /** Replaces the stable parts of `current` with the pinned ones under `session`. */
  apply(current: AgentTurnParts, options: AgentTurnOptions): PinnedTurnParts;
  /** The next `session` turn refreshes the pin (`explicit`). */
  requestRefresh(): void;
}

/** The pin options of `createPromptAssembler`. */
export interface PrefixPinOptions {
  readonly policy?: PrefixPolicy;
  readonly ttlMs?: number;
  readonly maxNoteChars?: number;
}

interface Pinned {
  /** Session kind, prompt mode and workspace: another session's prefix is never reused. */
  readonly key: string;
  readonly parts: AgentTurnParts;
  readonly snapshot: PrefixSnapshot;
  readonly pinnedAt: number | undefined;
}

/**
 * Creates the session pin an assembler keeps. Under `live` it passes the parts through. Under
 * `session` the first turn pins what it read; later turns keep the pinned config, workspace files,
 * skills and sections file (so the stable prefix is byte-identical) and carry a change note in
 * the volatile `workspaceChanges`, until a refresh point replaces the pin with the current parts.
 */
export function createPrefixPin(options: PrefixPinOptions = {}): PrefixPin {
  const ttlMs = requireNonNegative(options.ttlMs, "prefixTtlMs") ?? DEFAULT_PREFIX_TTL_MS;
  const maxNoteChars =
    requireNonNegative(options.maxNoteChars, "maxChangeNoteChars") ?? DEFAULT_MAX_CHANGE_NOTE_CHARS;
  let pinned: Pinned | undefined;
  let lastAt: number | undefined;
  let refreshRequested = false;

  requirePolicy(options.policy);
  const apply = (current: AgentTurnParts, turnOptions: AgentTurnOptions): PinnedTurnParts => {
    const policy = requirePolicy(turnOptions.prefixPolicy) ?? options.policy ?? "live";
    const now = toTime(turnOptions.now, current.facts);
    const previousAt = lastAt;
    lastAt = now ?? lastAt;
    if (policy === "live") {
      pinned = undefined;
      return { parts: current, prefix: { policy, pendingChanges: [], noteChars: 0 } };
    }
    const key = `${current.facts.sessionKind}\0${current.promptMode}\0${current.workspace.dir}`;
    const snapshot = toPrefixSnapshot(current);
    const pin = (reason: PrefixRefreshReason): PinnedTurnParts => {
      pinned = { key, parts: current, snapshot, pinnedAt: now };
      refreshRequested = false;
      return {
        parts: current,
        prefix: {
          policy,
          ...(now === undefined ? {} : { pinnedAt: now }),
          refreshed: { reason },
          pendingChanges: [],
          noteChars: 0,
        },
      };
    };
    if (pinned === undefined || pinned.key !== key) return pin("start");
    if (refreshRequested) return pin("explicit");
    if (turnOptions.compacted === true) return pin("compaction");
    if (now !== undefined && previousAt !== undefined && now - previousAt > ttlMs) {
      return pin("cold-cache");
    }
    const note = buildPrefixChangeNote(pinned.snapshot, snapshot);
    if (note.urgent !== undefined) return pin(note.urgent);
    const noteChars = note.lines.reduce((sum, line) => sum + line.length + 1, 0);
    if (noteChars > maxNoteChars) return pin("note-limit");
    const kept = pinned.parts;
    const { sectionsFile: _current, ...rest } = current;
    return {
      parts: {
        ...rest,
        config: kept.config,
        resolved: kept.resolved,
        bootstrap: kept.bootstrap,
        rawByPath: kept.rawByPath,
        skills: kept.skills,
        ...(kept.sectionsFile === undefined ? {} : { sectionsFile: kept.sectionsFile }),
        ...(note.lines.length === 0 ? {} : { workspaceChanges: note.lines }),
      },
      prefix: {
        policy,
        ...(pinned.pinnedAt === undefined ? {} : { pinnedAt: pinned.pinnedAt }),
        pendingChanges: note.changes,
        noteChars,
      },
    };
  };

  return {
    apply,
    requestRefresh() {
      refreshRequested = true;
    },
  };
}

/** The turn's time: `now` when given, else the facts' date and time (read as UTC: only differences count). */
function toTime(now: number | Date | undefined, facts: RunFacts): number | undefined {
  if (now instanceof Date) return checkedTime(now.getTime());
  if (now !== undefined) return checkedTime(now);
  if (facts.time.time === undefined) return undefined;
  const parsed = Date.parse(`${facts.time.date}T${facts.time.time}Z`);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function checkedTime(value: number): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  throw new AgentError(
    "AGENT_INVALID_OPTIONS",
    `now must be a finite time, got ${String(value)}.`,
    {
      path: "now",
      hint: "Pass Date.now() or a Date.",
    },
  );
}

function requireNonNegative(value: number | undefined, key: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
  throw new AgentError(
    "AGENT_INVALID_OPTIONS",
    `${key} must be a non-negative number, got ${String(value)}.`,
    { path: key },
  );
}

function requirePolicy(policy: PrefixPolicy | undefined): PrefixPolicy | undefined {
  if (policy === undefined || policy === "live" || policy === "session") return policy;
  throw new AgentError(
    "AGENT_INVALID_OPTIONS",
    `prefixPolicy must be "live" or "session", got ${JSON.stringify(String(policy))}.`,
    { path: "prefixPolicy", hint: 'Pass "live" (the default) or "session".' },
  );
}
