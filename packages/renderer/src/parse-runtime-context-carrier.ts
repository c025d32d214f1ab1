import type {
  ExecSessionFact,
  ExecSessionState,
  HeartbeatOutcome,
  HeartbeatResultFact,
  MediaTaskFact,
  MediaTaskState,
  RuntimeContextCarrierFacts,
  SubagentFact,
  SubagentMode,
  SubagentState,
} from "./build-runtime-context-carrier.js";
import { assertStringArgument } from "./assert-argument.js";
import { CARRIER_LABELS } from "./carrier-labels.js";
import { parseInternalContextDelimiters } from "./parse-internal-context-delimiters.js";
import type { ParseRuntimeContextCarrierOptions } from "./parse-internal-context-delimiters.js";
import { formatInternalContextDelimiters, OPENCLAW_PRODUCT_PROFILE } from "./product-profile.js";
import type { Diagnostic, ProductProfile } from "@promptstack/core";

/** What `parseRuntimeContextCarrier` recovered; `facts` is absent when the text is not a carrier. */
export interface ParsedRuntimeContextCarrier {
  readonly facts: RuntimeContextCarrierFacts | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

const EXEC_STATES: readonly ExecSessionState[] = ["running", "exited", "failed", "killed"];
const SUBAGENT_STATES: readonly SubagentState[] = [
  "queued",
  "running",
  "completed",
  "failed",
  "cancelled",
];
const SUBAGENT_MODES: readonly SubagentMode[] = ["announce", "collect"];
const MEDIA_STATES: readonly MediaTaskState[] = ["queued", "running", "completed", "failed"];
const HEARTBEAT_OUTCOMES: readonly HeartbeatOutcome[] = ["ok", "alerted", "failed"];

type Problem = (code: string, message: string, line: number) => void;

function readRecord(
  json: string,
  line: number,
  problem: Problem,
): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    problem("CARRIER_BAD_JSON", "A fact line is not valid JSON.", line);
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problem("CARRIER_BAD_FACT", "A fact line is not a JSON object.", line);
    return undefined;
  }
  return value as Record<string, unknown>;
}

function readString(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === "string" ? value : undefined;
}

function readEnum<T extends string>(
  record: Record<string, unknown>,
  key: string,
  allowed: readonly T[],
): T | undefined {
  const value = record[key];
  return allowed.find((candidate) => candidate === value);
}

function hasOnlyKeys(record: Record<string, unknown>, keys: readonly string[]): boolean {
  return Object.keys(record).every((key) => keys.includes(key));
}

function toExecFact(record: Record<string, unknown>): ExecSessionFact | undefined {
  const id = readString(record, "id");
  const command = readString(record, "command");
  const state = readEnum(record, "state", EXEC_STATES);
  const startedAt = readString(record, "startedAt");
  const cwd = record["cwd"];
  if (id === undefined || command === undefined || state === undefined || startedAt === undefined)
    return undefined;
  if (!hasOnlyKeys(record, ["id", "command", "state", "startedAt", "cwd"])) return undefined;
  if (cwd !== undefined && typeof cwd !== "string") return undefined;
  return cwd === undefined
    ? { id, command, state, startedAt }
    : { id, command, state, startedAt, cwd };
}

function toSubagentFact(record: Record<string, unknown>): SubagentFact | undefined {
  const id = readString(record, "id");
  const label = readString(record, "label");
  const state = readEnum(record, "state", SUBAGENT_STATES);
  const mode = readEnum(record, "mode", SUBAGENT_MODES);
  if (id === undefined || label === undefined || state === undefined || mode === undefined)
    return undefined;
  if (!hasOnlyKeys(record, ["id", "label", "state", "mode"])) return undefined;
  return { id, label, state, mode };
}

function toMediaTaskFact(record: Record<string, unknown>): MediaTaskFact | undefined {
  const id = readString(record, "id");
  const tool = readString(record, "tool");
  const state = readEnum(record, "state", MEDIA_STATES);
  const promptSummary = record["promptSummary"];
  if (id === undefined || tool === undefined || state === undefined) return undefined;
  if (!hasOnlyKeys(record, ["id", "tool", "state", "promptSummary"])) return undefined;
  if (promptSummary !== undefined && typeof promptSummary !== "string") return undefined;
  return promptSummary === undefined ? { id, tool, state } : { id, tool, state, promptSummary };
}

function toHeartbeatResultFact(record: Record<string, unknown>): HeartbeatResultFact | undefined {
  const id = readString(record, "id");
  const finishedAt = readString(record, "finishedAt");
  const outcome = readEnum(record, "outcome", HEARTBEAT_OUTCOMES);
  const summary = record["summary"];
  if (id === undefined || finishedAt === undefined || outcome === undefined) return undefined;
  if (!hasOnlyKeys(record, ["id", "finishedAt", "outcome", "summary"])) return undefined;
  if (summary !== undefined && typeof summary !== "string") return undefined;
  return summary === undefined ? { id, finishedAt, outcome } : { id, finishedAt, outcome, summary };
}

interface MutableFacts {
  exec?: ExecSessionFact[];
  subagents?: SubagentFact[];
  mediaTools?: string[];
  mediaTasks?: MediaTaskFact[];
  heartbeats?: HeartbeatResultFact[];
}

type SectionKey = keyof MutableFacts;

const LABEL_TO_KEY: Readonly<Record<string, SectionKey>> = Object.freeze({
  [CARRIER_LABELS.exec]: "exec",
  [CARRIER_LABELS.subagents]: "subagents",
  [CARRIER_LABELS.mediaTools]: "mediaTools",
  [CARRIER_LABELS.mediaTasks]: "mediaTasks",
  [CARRIER_LABELS.heartbeats]: "heartbeats",
});

/** Checks the BEGIN/END lines and the body; returns the body lines, or undefined with a diagnostic. */
function readCarrierBody(
  text: string,
  profile: ProductProfile,
  diagnostics: Diagnostic[],
): string[] | undefined {
  const { begin, end } = formatInternalContextDelimiters(profile);
  const lines = (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
  if (lines.length < 2 || lines[0] !== begin || lines[lines.length - 1] !== end) {
    diagnostics.push({
      code: "CARRIER_NOT_DELIMITED",
      severity: "error",
      message: `A carrier starts with the line ${begin} and ends with the line ${end}.`,
      hint: "Build carriers with buildRuntimeContextCarrier.",
    });
    return undefined;
  }
  const body = lines.slice(1, -1);
  if (parseInternalContextDelimiters(body.join("\n"), { profile }).length > 0) {
    diagnostics.push({
      code: "CARRIER_NESTED_DELIMITER",
      severity: "error",
      message: "The carrier body contains a delimiter-like sequence.",
      hint: "Build carriers with buildRuntimeContextCarrier, which escapes fact values.",
    });
    return undefined;
  }
  return body;
}

/** Reads one `- {...}` fact line into the open list section. */
function readFactItem(
  line: string,
  lineNumber: number,
  open: SectionKey | undefined,
  facts: MutableFacts,
  problem: Problem,
): void {
  if (open === undefined || open === "mediaTools") {
    problem("CARRIER_STRAY_ITEM", "A fact item appears outside a list section.", lineNumber);
    return;
  }
  const record = readRecord(line.slice(2), lineNumber, problem);
  if (record === undefined) return;
  if (open === "exec") {
    const fact = toExecFact(record);
    if (fact === undefined) problem("CARRIER_BAD_FACT", "Invalid exec session fact.", lineNumber);
    else facts.exec!.push(fact);
  } else if (open === "subagents") {
    const fact = toSubagentFact(record);
    if (fact === undefined) problem("CARRIER_BAD_FACT", "Invalid sub-agent fact.", lineNumber);
    else facts.subagents!.push(fact);
  } else if (open === "mediaTasks") {
    const fact = toMediaTaskFact(record);
    if (fact === undefined) problem("CARRIER_BAD_FACT", "Invalid media task fact.", lineNumber);
    else facts.mediaTasks!.push(fact);
  } else {
    const fact = toHeartbeatResultFact(record);
    if (fact === undefined)
      problem("CARRIER_BAD_FACT", "Invalid heartbeat result fact.", lineNumber);
    else facts.heartbeats!.push(fact);
  }
}

/** Reads one `label:` header line; returns the list section it opens, if any. */
function readSectionHeader(
  line: string,
  lineNumber: number,
  facts: MutableFacts,
  problem: Problem,
): SectionKey | undefined {
  const colon = line.indexOf(":");
  const key = colon < 0 ? undefined : LABEL_TO_KEY[line.slice(0, colon)];
  if (key === undefined) {
    problem("CARRIER_UNKNOWN_LINE", "A carrier line has no known label.", lineNumber);
    return undefined;
  }
  if (facts[key] !== undefined) {
    problem("CARRIER_DUPLICATE_SECTION", "A carrier section appears twice.", lineNumber);
    return undefined;
  }
  const rest = line.slice(colon + 1);
  facts[key] = [];
  if (rest === " none" || rest === "") return rest === "" ? key : undefined;
  if (key !== "mediaTools") {
    problem("CARRIER_BAD_SECTION", "A list section header carries a value.", lineNumber);
    return key;
  }
  let tools: unknown;
  try {
    tools = JSON.parse(rest);
  } catch {
    tools = undefined;
  }
  if (!Array.isArray(tools) || !tools.every((tool) => typeof tool === "string")) {
    problem("CARRIER_BAD_FACT", "media_tools is not a JSON list of names.", lineNumber);
    return key;
  }
  facts.mediaTools = tools;
  return undefined;
}

/** Shapes the sections read into carrier facts (media tools and tasks as one snapshot). */
function toCarrierFacts(
  facts: MutableFacts,
  diagnostics: Diagnostic[],
): RuntimeContextCarrierFacts {
  if ((facts.mediaTools === undefined) !== (facts.mediaTasks === undefined)) {
    diagnostics.push({
      code: "CARRIER_BAD_SECTION",
      severity: "error",
      message: "media_tools and media_tasks appear together or not at all.",
    });
  }
  const result: {
    exec?: ExecSessionFact[];
    subagents?: SubagentFact[];
    media?: { enabledTools: string[]; tasks: MediaTaskFact[] };
    heartbeats?: HeartbeatResultFact[];
  } = {};
  if (facts.exec !== undefined) result.exec = facts.exec;
  if (facts.subagents !== undefined) result.subagents = facts.subagents;
  if (facts.mediaTools !== undefined || facts.mediaTasks !== undefined) {
    result.media = { enabledTools: facts.mediaTools ?? [], tasks: facts.mediaTasks ?? [] };
  }
  if (facts.heartbeats !== undefined) result.heartbeats = facts.heartbeats;
  return result;
}

/**
 * Reads a carrier message built by `buildRuntimeContextCarrier` back into facts. Never throws on
 * content: a malformed carrier yields diagnostics (and `facts: undefined` when it is no carrier).
 */
export function parseRuntimeContextCarrier(
  text: string,
  options: ParseRuntimeContextCarrierOptions = {},
): ParsedRuntimeContextCarrier {
  assertStringArgument(text, "parseRuntimeContextCarrier", "text");
  const diagnostics: Diagnostic[] = [];
  const body = readCarrierBody(text, options.profile ?? OPENCLAW_PRODUCT_PROFILE, diagnostics);
  if (body === undefined) return { facts: undefined, diagnostics };
  const problem: Problem = (code, message, line) => {
    diagnostics.push({ code, severity: "error", message, path: `line ${line}` });
  };
  const facts: MutableFacts = {};
  let open: SectionKey | undefined;
  body.forEach((line, position) => {
    const lineNumber = position + 2;
    if (line.startsWith("- ")) readFactItem(line, lineNumber, open, facts, problem);
    else open = readSectionHeader(line, lineNumber, facts, problem);
  });
  return { facts: toCarrierFacts(facts, diagnostics), diagnostics };
}
