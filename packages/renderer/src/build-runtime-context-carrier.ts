import { describeArgument } from "./assert-argument.js";
import { CARRIER_LABELS } from "./carrier-labels.js";
import { foldCharacter } from "./build-shadow-text.js";
import { formatInternalContextDelimiters, OPENCLAW_PRODUCT_PROFILE } from "./product-profile.js";
import { RendererError } from "./renderer-error.js";
import type { ProductProfile } from "@promptstack/core";

/** Lifecycle state of a background exec session. */
export type ExecSessionState = "running" | "exited" | "failed" | "killed";

/** One exec session the model can poll or stop. */
export interface ExecSessionFact {
  readonly id: string;
  readonly command: string;
  readonly state: ExecSessionState;
  /** Supplied by the caller (the renderer has no clock), e.g. an ISO timestamp. */
  readonly startedAt: string;
  readonly cwd?: string;
}

/** Lifecycle state of a sub-agent run. */
export type SubagentState = "queued" | "running" | "completed" | "failed" | "cancelled";

/** Completion mode: announcing sub-agents report back; collected ones need explicit collection. */
export type SubagentMode = "announce" | "collect";

/** One sub-agent run spawned by this session. */
export interface SubagentFact {
  readonly id: string;
  readonly label: string;
  readonly state: SubagentState;
  readonly mode: SubagentMode;
}

/** Lifecycle state of a media-generation task. */
export type MediaTaskState = "queued" | "running" | "completed" | "failed";

/** One media-generation task. `requester` is absent on tasks recovered without that record. */
export interface MediaTaskFact {
  readonly id: string;
  readonly tool: string;
  readonly state: MediaTaskState;
  readonly requester?: string;
  readonly promptSummary?: string;
}

/** Media-generation capability: the enabled tools and every known task. */
export interface MediaSnapshot {
  readonly enabledTools: readonly string[];
  readonly tasks: readonly MediaTaskFact[];
}

/** How a heartbeat run ended: nothing to report, an alert sent to the user, or an error. */
export type HeartbeatOutcome = "ok" | "alerted" | "failed";

/** One background heartbeat run the session has not seen yet (since its last turn). */
export interface HeartbeatResultFact {
  readonly id: string;
  /** Supplied by the caller (the renderer has no clock), e.g. an ISO timestamp. */
  readonly finishedAt: string;
  readonly outcome: HeartbeatOutcome;
  /** What the run already told the user; data, never instructions. */
  readonly summary?: string;
}

/** Runtime facts per capability; a key is present exactly when the capability is available. */
export interface RuntimeContextSnapshot {
  readonly exec?: readonly ExecSessionFact[];
  readonly subagents?: readonly SubagentFact[];
  readonly media?: MediaSnapshot;
  /** Present exactly when heartbeats are enabled for the agent. */
  readonly heartbeats?: readonly HeartbeatResultFact[];
}

/** The facts a carrier holds: filtered, ordered, media tasks without `requester`. */
export type RuntimeContextCarrierFacts = RuntimeContextSnapshot;

/** Options of `buildRuntimeContextCarrier`. */
export interface BuildRuntimeContextCarrierOptions {
  /** Supplies the delimiter word. Default: the OpenClaw profile. */
  readonly profile?: ProductProfile;
  /** Who asked for the current turn. Default: `sessionOwner`. */
  readonly requester?: string;
  /** The configured session owner: owns recovered media tasks that lack a requester. */
  readonly sessionOwner?: string;
}

const EXEC_STATES: readonly string[] = ["running", "exited", "failed", "killed"];
const SUBAGENT_STATES: readonly string[] = [
  "queued",
  "running",
  "completed",
  "failed",
  "cancelled",
];
const SUBAGENT_MODES: readonly string[] = ["announce", "collect"];
const MEDIA_STATES: readonly string[] = ["queued", "running", "completed", "failed"];
const HEARTBEAT_OUTCOMES: readonly string[] = ["ok", "alerted", "failed"];

function invalid(path: string, expected: string, value: unknown): never {
  throw new RendererError(
    "RENDERER_INVALID_INPUT",
    `Runtime context snapshot field ${path} must be ${expected}, got ${describeArgument(value)}.`,
    { path, hint: "Pass the facts exactly as typed by RuntimeContextSnapshot." },
  );
}

function checkString(value: unknown, path: string): void {
  if (typeof value !== "string") invalid(path, "a string", value);
}

function checkOptionalString(value: unknown, path: string): void {
  if (value !== undefined && typeof value !== "string") invalid(path, "a string or absent", value);
}

function checkEnum(value: unknown, allowed: readonly string[], path: string): void {
  if (typeof value !== "string" || !allowed.includes(value)) {
    invalid(path, `one of ${allowed.join(", ")}`, value);
  }
}

function checkList(value: unknown, path: string): asserts value is readonly unknown[] {
  if (!Array.isArray(value)) invalid(path, "a list", value);
}

function checkObject(value: unknown, path: string): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    invalid(path, "an object", value);
  }
}

// A plain loop instead of `map`, which skips the holes of a sparse list and would pass them on.
function toFacts<T>(
  list: readonly unknown[],
  path: string,
  toFact: (fact: T, at: string) => T,
): T[] {
  const facts: T[] = [];
  for (let index = 0; index < list.length; index += 1) {
    const at = `${path}[${index}]`;
    checkObject(list[index], at);
    facts.push(toFact(list[index] as T, at));
  }
  return facts;
}

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

// Sorting by key, then by the full serialized line, makes the output independent of input order.
function sortFacts<T>(facts: readonly T[], key: (fact: T) => readonly string[]): T[] {
  return [...facts].sort((left, right) => {
    const leftKey = [...key(left), JSON.stringify(left)];
    const rightKey = [...key(right), JSON.stringify(right)];
    for (let index = 0; index < leftKey.length; index += 1) {
      const order = compareText(leftKey[index]!, rightKey[index]!);
      if (order !== 0) return order;
    }
    return 0;
  });
}

function toExecFact(fact: ExecSessionFact, path: string): ExecSessionFact {
  checkString(fact.id, `${path}.id`);
  checkString(fact.command, `${path}.command`);
  checkEnum(fact.state, EXEC_STATES, `${path}.state`);
  checkString(fact.startedAt, `${path}.startedAt`);
  checkOptionalString(fact.cwd, `${path}.cwd`);
  const base = { id: fact.id, command: fact.command, state: fact.state, startedAt: fact.startedAt };
  return fact.cwd === undefined ? base : { ...base, cwd: fact.cwd };
}

function toSubagentFact(fact: SubagentFact, path: string): SubagentFact {
  checkString(fact.id, `${path}.id`);
  checkString(fact.label, `${path}.label`);
  checkEnum(fact.state, SUBAGENT_STATES, `${path}.state`);
  checkEnum(fact.mode, SUBAGENT_MODES, `${path}.mode`);
  return { id: fact.id, label: fact.label, state: fact.state, mode: fact.mode };
}

function toMediaTaskFact(fact: MediaTaskFact, path: string): MediaTaskFact {
  checkString(fact.id, `${path}.id`);
  checkString(fact.tool, `${path}.tool`);
  checkEnum(fact.state, MEDIA_STATES, `${path}.state`);
  checkOptionalString(fact.requester, `${path}.requester`);
  checkOptionalString(fact.promptSummary, `${path}.promptSummary`);
  const base = { id: fact.id, tool: fact.tool, state: fact.state };
  return fact.promptSummary === undefined ? base : { ...base, promptSummary: fact.promptSummary };
}

function toHeartbeatResultFact(fact: HeartbeatResultFact, path: string): HeartbeatResultFact {
  checkString(fact.id, `${path}.id`);
  checkString(fact.finishedAt, `${path}.finishedAt`);
  checkEnum(fact.outcome, HEARTBEAT_OUTCOMES, `${path}.outcome`);
  checkOptionalString(fact.summary, `${path}.summary`);
  const base = { id: fact.id, finishedAt: fact.finishedAt, outcome: fact.outcome };
  return fact.summary === undefined ? base : { ...base, summary: fact.summary };
}

/**
 * Selects and orders the facts a carrier holds. Exec sessions sort by `startedAt` then `id`,
 * heartbeat results by `finishedAt` then `id`; sub-agents and media tasks by `id`; media tools
 * by name, deduplicated. Media tasks are kept only when their tool is enabled, they are not
 * completed, and they belong to the current requester (a task without a recorded requester
 * belongs to the session owner). Heartbeat results are kept as given: which runs to pass (those
 * since the session's last turn) is the runtime's choice.
 */
export function resolveRuntimeContextCarrierFacts(
  snapshot: RuntimeContextSnapshot,
  options: BuildRuntimeContextCarrierOptions = {},
): RuntimeContextCarrierFacts {
  checkObject(snapshot, "snapshot");
  checkObject(options, "options");
  checkOptionalString(options.requester, "options.requester");
  checkOptionalString(options.sessionOwner, "options.sessionOwner");
  const facts: {
    exec?: ExecSessionFact[];
    subagents?: SubagentFact[];
    media?: MediaSnapshot;
    heartbeats?: HeartbeatResultFact[];
  } = {};
  if (snapshot.exec !== undefined) {
    checkList(snapshot.exec, "snapshot.exec");
    const exec = toFacts(snapshot.exec, "snapshot.exec", toExecFact);
    facts.exec = sortFacts(exec, (fact) => [fact.startedAt, fact.id]);
  }
  if (snapshot.subagents !== undefined) {
    checkList(snapshot.subagents, "snapshot.subagents");
    const subagents = toFacts(snapshot.subagents, "snapshot.subagents", toSubagentFact);
    facts.subagents = sortFacts(subagents, (fact) => [fact.id]);
  }
  if (snapshot.media !== undefined) {
    checkObject(snapshot.media, "snapshot.media");
    checkList(snapshot.media.enabledTools, "snapshot.media.enabledTools");
    checkList(snapshot.media.tasks, "snapshot.media.tasks");
    const enabledToolList: string[] = [];
    for (let index = 0; index < snapshot.media.enabledTools.length; index += 1) {
      const tool = snapshot.media.enabledTools[index];
      checkString(tool, `snapshot.media.enabledTools[${index}]`);
      enabledToolList.push(tool as string);
    }
    const enabledTools = [...new Set(enabledToolList)].sort(compareText);
    const current = options.requester ?? options.sessionOwner;
    const rawTasks = snapshot.media.tasks;
    const tasks = toFacts(rawTasks, "snapshot.media.tasks", toMediaTaskFact)
      .map((fact, index) => ({ task: rawTasks[index]!, fact }))
      .filter(({ task }) => {
        const owner = task.requester ?? options.sessionOwner;
        return (
          task.state !== "completed" &&
          enabledTools.includes(task.tool) &&
          owner !== undefined &&
          owner === current
        );
      })
      .map(({ fact }) => fact);
    facts.media = { enabledTools, tasks: sortFacts(tasks, (task) => [task.id]) };
  }
  if (snapshot.heartbeats !== undefined) {
    checkList(snapshot.heartbeats, "snapshot.heartbeats");
    const heartbeats = toFacts(snapshot.heartbeats, "snapshot.heartbeats", toHeartbeatResultFact);
    facts.heartbeats = sortFacts(heartbeats, (fact) => [fact.finishedAt, fact.id]);
  }
  return facts;
}

function toUnicodeEscapes(character: string): string {
  let escaped = "";
  for (let index = 0; index < character.length; index += 1) {
    escaped += `\\u${character.charCodeAt(index).toString(16).padStart(4, "0")}`;
  }
  return escaped;
}

/**
 * Serializes a value as one line of JSON in which no character can be read as an angle bracket,
 * an HTML entity or a line break, so a fact can never open or close a carrier. Lossless:
 * `JSON.parse` restores the value exactly.
 */
export function formatCarrierJson(value: unknown): string {
  let line = "";
  for (const character of JSON.stringify(value)) {
    const risky =
      character.charCodeAt(0) < 0x80
        ? character === "&" || character === "<" || character === ">"
        : character === "\u2028" ||
          character === "\u2029" ||
          character === "\u0085" ||
          /[<>\n]/.test(foldCharacter(character));
    line += risky ? toUnicodeEscapes(character) : character;
  }
  return line;
}

function formatSection(label: string, items: readonly object[]): string[] {
  if (items.length === 0) return [`${label}: none`];
  return [`${label}:`, ...items.map((item) => `- ${formatCarrierJson(item)}`)];
}

/**
 * Builds the runtime context carrier message: the profile's BEGIN/END internal-context delimiters
 * around one snapshot per available capability (`none` when empty): exec sessions, sub-agents,
 * media tools and tasks, heartbeat results. Facts only: how to treat the carrier is said once,
 * in the system prompt.
 */
export function buildRuntimeContextCarrier(
  snapshot: RuntimeContextSnapshot,
  options: BuildRuntimeContextCarrierOptions = {},
): string {
  const { begin, end } = formatInternalContextDelimiters(
    options.profile ?? OPENCLAW_PRODUCT_PROFILE,
  );
  const facts = resolveRuntimeContextCarrierFacts(snapshot, options);
  const lines = [begin];
  if (facts.exec !== undefined) lines.push(...formatSection(CARRIER_LABELS.exec, facts.exec));
  if (facts.subagents !== undefined) {
    lines.push(...formatSection(CARRIER_LABELS.subagents, facts.subagents));
  }
  if (facts.media !== undefined) {
    const tools = facts.media.enabledTools;
    lines.push(
      `${CARRIER_LABELS.mediaTools}: ${tools.length === 0 ? "none" : formatCarrierJson(tools)}`,
      ...formatSection(CARRIER_LABELS.mediaTasks, facts.media.tasks),
    );
  }
  if (facts.heartbeats !== undefined) {
    lines.push(...formatSection(CARRIER_LABELS.heartbeats, facts.heartbeats));
  }
  lines.push(end);
  return lines.join("\n");
}
