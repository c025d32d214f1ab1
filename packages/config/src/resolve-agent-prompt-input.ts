import { resolveGpt5SystemPromptContribution } from "@promptstack/renderer";
import type {
  AgentSystemPromptInput,
  ContextFile,
  PromptMode,
  PromptSize,
  ProviderContribution,
  SessionKind,
} from "@promptstack/renderer";
import type { Diagnostic } from "@promptstack/core";
import type { PromptstackConfig } from "./config-types.js";
import { findVolatileFactsInToolSummaries } from "./find-volatile-facts-in-tool-summaries.js";
import { toCanonicalTimeZone } from "./is-known-time-zone.js";
import { resolveAgentSystemPromptConfig } from "./resolve-agent-system-prompt-config.js";
import type { ResolvedAgentPromptConfig } from "./resolve-agent-system-prompt-config.js";
import type { SectionsFile } from "./parse-sections-file.js";
import { toSectionRegistry } from "./resolve-section-registry.js";
import type { RunFacts } from "./run-facts-types.js";
import { toAgentSystemPromptInput } from "./to-agent-system-prompt-input.js";

/** Options of `resolveAgentPromptInput`. */
export interface AgentPromptInputOptions {
  /** Parsed config (`parseConfig` / `loadConfigFile`). */
  readonly config: PromptstackConfig;
  readonly agentId: string;
  /** Parsed run facts (`parseRunFacts`). */
  readonly facts: RunFacts;
  /** Default: `minimal` for sub-agent sessions, else `full` (see `resolveDefaultPromptMode`). */
  readonly promptMode?: PromptMode;
  /** Beats the config's `systemPrompt.size`; ignored when `resolved` is given. */
  readonly promptSize?: PromptSize;
  /**
   * The agent's config, already resolved for this agent, session kind and prompt mode; a
   * long-lived caller passes its cached copy so config is not resolved again every turn.
   */
  readonly resolved?: ResolvedAgentPromptConfig;
  /** Injected workspace files from `@promptstack/bootstrap`. */
  readonly contextFiles?: readonly ContextFile[];
  readonly bootstrapTruncated?: boolean;
  readonly bootstrapPending?: boolean;
  /** Pre-formatted `<available_skills>` block from `@promptstack/skills`. */
  readonly skillsPrompt?: string;
  /** A provider plugin's contribution, merged after the built-in GPT-5 one. */
  readonly provider?: ProviderContribution;
  /**
   * The agent's sections file (`sections.file`), read by the caller and parsed with
   * `parseSectionsFile`; its blocks give custom sections their text or replace built-in ones.
   */
  readonly sectionsFile?: SectionsFile;
  /**
   * Explicit caller values; they beat config and facts. Top-level keys replace wholesale,
   * except `volatile`, whose keys are merged over the facts' volatile keys.
   */
  readonly overrides?: Partial<AgentSystemPromptInput>;
}

/** The renderer input of one turn, the agent's resolved config, and what was found on the way. */
export interface AgentPromptInput {
  readonly resolved: ResolvedAgentPromptConfig;
  readonly input: AgentSystemPromptInput;
  readonly diagnostics: Diagnostic[];
}

/**
 * Turns config and run facts into the renderer input of one turn: resolves config for the agent,
 * maps run facts, adds the built-in GPT-5 contribution when the model qualifies. Rendering is the
 * caller's (`@promptstack/agent` renders through its compiled renderer). Precedence: caller
 * overrides > config > computed. Warns (`CONFIG_TOOL_SUMMARY_VOLATILE`) when a tool summary
 * quotes a per-turn fact, and (`CONFIG_HEARTBEATS_NOT_ENABLED`) when the facts carry heartbeat
 * results the prompt does not explain.
 */
export function resolveAgentPromptInput(options: AgentPromptInputOptions): AgentPromptInput {
  const { config, agentId, facts } = options;
  const diagnostics: Diagnostic[] = [];
  const entries = config.agents?.entries;
  if (
    entries !== undefined &&
    Object.keys(entries).length > 0 &&
    !Object.hasOwn(entries, agentId)
  ) {
    diagnostics.push({
      code: "CONFIG_UNKNOWN_AGENT",
      severity: "info",
      message: `agent "${agentId}" has no agents.entries entry; agents.defaults apply`,
      path: `agents.entries.${agentId}`,
    });
  }
  const promptMode = options.promptMode ?? resolveDefaultPromptMode(facts.sessionKind);
  const resolved =
    options.resolved ??
    resolveAgentSystemPromptConfig(config, {
      agentId,
      sessionKind: facts.sessionKind,
      promptMode,
      ...(options.promptSize === undefined ? {} : { promptSize: options.promptSize }),
    });
  const zoneMismatch = findTimeZoneMismatch(config, agentId, resolved, facts);
  if (zoneMismatch !== undefined) diagnostics.push(zoneMismatch);
  const gpt5 = resolveGpt5SystemPromptContribution({
    modelId: facts.model.id,
    provider: facts.model.provider,
    personality: resolved.gpt5Personality,
    size: resolved.promptSize,
  });
  const provider = mergeProviderContributions(gpt5, options.provider);
  const sections =
    resolved.sections === undefined
      ? undefined
      : toSectionRegistry(resolved.sections, options.sectionsFile);
  const base: AgentSystemPromptInput = {
    ...toAgentSystemPromptInput(facts, resolved),
    ...(resolved.profile === undefined ? {} : { profile: resolved.profile }),
    ...(sections === undefined ? {} : { sections }),
    ...(options.contextFiles === undefined ? {} : { contextFiles: options.contextFiles }),
    ...(options.bootstrapTruncated === undefined
      ? {}
      : { bootstrapTruncated: options.bootstrapTruncated }),
    ...(options.bootstrapPending === undefined
      ? {}
      : { bootstrapPending: options.bootstrapPending }),
    ...(options.skillsPrompt === undefined ? {} : { skillsPrompt: options.skillsPrompt }),
    ...(provider === undefined ? {} : { provider }),
  };
  const input = applyOverrides(base, options.overrides);
  diagnostics.push(...findVolatileFactsInToolSummaries(input));
  if (facts.runtimeContext?.heartbeats !== undefined && input.heartbeats !== true) {
    diagnostics.push(formatUnscheduledHeartbeatsDiagnostic(facts.sessionKind));
  }
  return { resolved, input, diagnostics };
}

/** The prompt mode a session kind gets when the caller names none: sub-agents get `minimal`. */
export function resolveDefaultPromptMode(sessionKind: SessionKind): PromptMode {
  return sessionKind === "subagent" ? "minimal" : "full";
}

/**
 * The runtime formats the time context's date in some zone and reports it in the facts; that
 * zone is shown, because the date belongs to it. A configured `userTimezone` that differs means
 * the runtime ignored the config: worth a warning, not a silent pick.
 */
function findTimeZoneMismatch(
  config: PromptstackConfig,
  agentId: string,
  resolved: ResolvedAgentPromptConfig,
  facts: RunFacts,
): Diagnostic | undefined {
  const configured = resolved.userTimezone;
  const reported = facts.time.timeZone;
  if (configured === undefined || configured === reported) return undefined;
  if (toCanonicalTimeZone(configured) === toCanonicalTimeZone(reported)) return undefined;
  const entries = config.agents?.entries;
  const fromAgent =
    entries !== undefined &&
    Object.hasOwn(entries, agentId) &&
    entries[agentId]?.userTimezone !== undefined;
  const path = fromAgent
    ? `agents.entries.${agentId}.userTimezone`
    : "agents.defaults.userTimezone";
  return {
    code: "CONFIG_TIME_ZONE_MISMATCH",
    severity: "warning",
    message: `run facts time.timeZone "${reported}" differs from ${path} "${configured}"; the time context shows the facts' date and zone`,
    path,
    hint: `Have the runtime format time.date and time.time in ${configured}, or change ${path}.`,
  };
}

/**
 * Heartbeat results in the facts of an agent without heartbeats: the carrier still lists them,
 * but the prompt's rule for them depends on config (it sits above the cache boundary), so it is
 * missing. A runtime bug or a config gap; worth a warning.
 */
function formatUnscheduledHeartbeatsDiagnostic(sessionKind: SessionKind): Diagnostic {
  const subagent = sessionKind === "subagent";
  return {
    code: "CONFIG_HEARTBEATS_NOT_ENABLED",
    severity: "warning",
    message: subagent
      ? "run facts carry runtimeContext.heartbeats in a sub-agent session; the carrier lists them, but the prompt does not explain them there"
      : "run facts carry runtimeContext.heartbeats, but heartbeat.every is not set for this agent; the carrier lists them, but the prompt does not explain them",
    path: "runtimeContext.heartbeats",
    hint: subagent
      ? "Leave runtimeContext.heartbeats out of sub-agent facts."
      : "Set agents.defaults.heartbeat.every (or the agent's own), or leave runtimeContext.heartbeats out.",
  };
}

/**
 * Merges two provider contributions: section overrides of `later` win per section; prefixes
 * and suffixes are concatenated, `earlier` first.
 */
export function mergeProviderContributions(
  earlier: ProviderContribution | undefined,
  later: ProviderContribution | undefined,
): ProviderContribution | undefined {
  if (earlier === undefined) return later;
  if (later === undefined) return earlier;
  const join = (a: string | undefined, b: string | undefined): string | undefined =>
    a === undefined ? b : b === undefined ? a : `${a}\n\n${b}`;
  const stablePrefix = join(earlier.stablePrefix, later.stablePrefix);
  const dynamicSuffix = join(earlier.dynamicSuffix, later.dynamicSuffix);
  const sectionOverrides =
    earlier.sectionOverrides === undefined && later.sectionOverrides === undefined
      ? undefined
      : { ...earlier.sectionOverrides, ...later.sectionOverrides };
  return {
    ...(sectionOverrides === undefined ? {} : { sectionOverrides }),
    ...(stablePrefix === undefined ? {} : { stablePrefix }),
    ...(dynamicSuffix === undefined ? {} : { dynamicSuffix }),
  };
}

function applyOverrides(
  base: AgentSystemPromptInput,
  overrides: Partial<AgentSystemPromptInput> | undefined,
): AgentSystemPromptInput {
  if (overrides === undefined) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    merged[key] = key === "volatile" ? { ...base.volatile, ...(value as object) } : value;
  }
  return merged;
}
