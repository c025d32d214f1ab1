import type {
  DelegationMode,
  GptPersonality,
  MemoryCitationMode,
  ModelAlias,
  PromptMode,
  PromptSize,
  SessionKind,
} from "@promptstack/renderer";
import type { ProductProfile } from "@promptstack/core";
import { COMPACT_BUDGET_FACTOR, CONFIG_DEFAULTS } from "./config-defaults.js";
import type {
  AgentPromptSettings,
  ContextLimitsConfig,
  ExecAskMode,
  ExecSecurityMode,
  HeartbeatConfig,
  PluginsConfig,
  PromptstackConfig,
  SkillEntryConfig,
  SkillsConfig,
} from "./config-types.js";
import { resolveProductProfile } from "./resolve-product-profile.js";
import { resolveSectionsConfig } from "./resolve-section-registry.js";
import type { ResolvedSectionsConfig } from "./resolve-section-registry.js";

/** Which run the config is resolved for. */
export interface ResolveAgentContext {
  readonly agentId: string;
  readonly sessionKind: SessionKind;
  /** Default `full`. */
  readonly promptMode?: PromptMode;
  /** Beats the config's `systemPrompt.size` (e.g. a CLI `--size`). */
  readonly promptSize?: PromptSize;
}

/** Where a resolved value came from (most specific layer that set it). */
export type ConfigValueSource = "agent" | "defaults" | "computed";

/** Resolved runtime excerpt budgets. */
export interface ResolvedContextLimits {
  readonly memoryGetMaxChars: number;
  readonly toolResultMaxChars: number;
  readonly agentsRefreshMaxChars: number;
  readonly startupContextMaxChars: number;
}

/** Every budget one agent runs under. Token budgets are absent when off. */
export interface ResolvedPromptBudgets {
  readonly bootstrapMaxChars: number;
  readonly bootstrapTotalMaxChars: number;
  readonly bootstrapMaxTokens?: number;
  readonly bootstrapTotalMaxTokens?: number;
  readonly maxSkillsPromptChars: number;
  readonly maxSkillsInPrompt: number;
  readonly contextLimits: ResolvedContextLimits;
}

/** The config-derived prompt options of one agent for one run. */
export interface ResolvedAgentPromptConfig {
  readonly agentId: string;
  readonly sessionKind: SessionKind;
  readonly promptMode: PromptMode;
  /** Wording of the built-in sections; `compact` also scaled the budgets not set explicitly. */
  readonly promptSize: PromptSize;
  readonly ownerDisplay?: string;
  readonly ttsHint?: string;
  /** Sorted by alias. */
  readonly modelAliases: readonly ModelAlias[];
  readonly memoryCitations: MemoryCitationMode;
  readonly delegationMode: DelegationMode;
  readonly delegationModeSource: ConfigValueSource;
  readonly gpt5Personality: GptPersonality;
  readonly budgets: ResolvedPromptBudgets;
  /** Undefined: unrestricted. `[]`: no skills. */
  readonly skillsAllowlist?: readonly string[];
  readonly skillEntries: Readonly<Record<string, SkillEntryConfig>>;
  readonly extraSkillDirs: readonly string[];
  /** `skills.versionMarkers`: list each skill's `<version>` with the re-read rule. */
  readonly skillVersionMarkers: boolean;
  /** Plugin ids listed under `plugins.entries` and not disabled, sorted. */
  readonly enabledPlugins: readonly string[];
  readonly workspace?: string;
  readonly userTimezone?: string;
  readonly planTool: boolean;
  readonly heartbeat?: HeartbeatConfig;
  readonly exec: { readonly ask: ExecAskMode; readonly security: ExecSecurityMode };
  /** The product profile, when the config sets `profile`; absent: the reference profile. */
  readonly profile?: ProductProfile;
  /** The section registry as configured (`sections`), when any key is set. */
  readonly sections?: ResolvedSectionsConfig;
}

/**
 * Resolves one agent's prompt options. Precedence: built-in defaults < `agents.defaults` <
 * `agents.entries.<agentId>`; explicit values always beat computed ones (delegation mode).
 * An agent id without an entry gets the defaults.
 */
export function resolveAgentSystemPromptConfig(
  config: PromptstackConfig,
  context: ResolveAgentContext,
): ResolvedAgentPromptConfig {
  const defaults: AgentPromptSettings = config.agents?.defaults ?? {};
  const entries = config.agents?.entries;
  const agent: AgentPromptSettings =
    entries !== undefined && Object.hasOwn(entries, context.agentId)
      ? (entries[context.agentId] ?? {})
      : {};
  // Direct `agent ?? defaults` reads, no helper closures: this runs on every facade render.
  const delegation = resolveDelegationMode(agent, defaults, context.sessionKind);
  const models =
    agent.models === undefined ? defaults.models : { ...defaults.models, ...agent.models };
  const personality = config.plugins?.entries?.openai?.config?.personality;
  const ownerDisplay = agent.ownerDisplay ?? defaults.ownerDisplay;
  const ttsHint = agent.tts?.hint ?? defaults.tts?.hint;
  const workspace = agent.workspace ?? defaults.workspace;
  const userTimezone = agent.userTimezone ?? defaults.userTimezone;
  const heartbeat = resolveHeartbeat(defaults.heartbeat, agent.heartbeat);
  const skillsAllowlist = agent.skills ?? defaults.skills;
  const promptSize =
    context.promptSize ??
    agent.systemPrompt?.size ??
    defaults.systemPrompt?.size ??
    CONFIG_DEFAULTS.promptSize;
  // Compact scales only the built-in defaults: a value set anywhere in the config wins as is.
  const scale = promptSize === "compact" ? COMPACT_BUDGET_FACTOR : 1;
  const profileSetting = agent.profile ?? defaults.profile;
  const sections = resolveSectionsConfig(
    defaults.sections,
    agent.sections,
    `agents.entries.${/^[A-Za-z0-9_$-]+$/.test(context.agentId) ? context.agentId : JSON.stringify(context.agentId)}`,
  );

  return {
    agentId: context.agentId,
    sessionKind: context.sessionKind,
    promptMode: context.promptMode ?? "full",
    promptSize,
    ...(ownerDisplay === undefined ? {} : { ownerDisplay }),
    ...(ttsHint === undefined ? {} : { ttsHint }),
    modelAliases: toModelAliases(models),
    memoryCitations:
      agent.memory?.citations ?? defaults.memory?.citations ?? CONFIG_DEFAULTS.memoryCitations,
    delegationMode: delegation.mode,
    delegationModeSource: delegation.source,
    gpt5Personality: personality === "off" ? "off" : CONFIG_DEFAULTS.gpt5Personality,
    budgets: resolvePromptBudgets(agent, defaults, config.skills?.limits, scale),
    ...(skillsAllowlist === undefined ? {} : { skillsAllowlist: [...skillsAllowlist] }),
    skillEntries: { ...config.skills?.entries },
    extraSkillDirs: [...(config.skills?.load?.extraDirs ?? [])],
    skillVersionMarkers: config.skills?.versionMarkers ?? CONFIG_DEFAULTS.skillVersionMarkers,
    enabledPlugins: resolveEnabledPlugins(config.plugins?.entries),
    ...(workspace === undefined ? {} : { workspace }),
    ...(userTimezone === undefined ? {} : { userTimezone }),
    planTool: config.tools?.updatePlan ?? CONFIG_DEFAULTS.updatePlan,
    ...(heartbeat === undefined ? {} : { heartbeat }),
    exec: {
      ask: config.tools?.exec?.ask ?? CONFIG_DEFAULTS.execAsk,
      security: config.tools?.exec?.security ?? CONFIG_DEFAULTS.execSecurity,
    },
    ...(profileSetting === undefined ? {} : { profile: resolveProductProfile(profileSetting) }),
    ...(sections === undefined ? {} : { sections }),
  };
}

/**
 * Every budget of one agent, each from the most specific layer that sets it; `scale` shrinks only
 * the built-in char defaults (the `compact` size).
 */
function resolvePromptBudgets(
  agent: AgentPromptSettings,
  defaults: AgentPromptSettings,
  skillsLimits: SkillsConfig["limits"],
  scale: number,
): ResolvedPromptBudgets {
  const bootstrapMaxTokens = agent.bootstrapMaxTokens ?? defaults.bootstrapMaxTokens;
  const bootstrapTotalMaxTokens = agent.bootstrapTotalMaxTokens ?? defaults.bootstrapTotalMaxTokens;
  return {
    bootstrapMaxChars:
      agent.bootstrapMaxChars ??
      defaults.bootstrapMaxChars ??
      Math.floor(CONFIG_DEFAULTS.bootstrapMaxChars * scale),
    bootstrapTotalMaxChars:
      agent.bootstrapTotalMaxChars ??
      defaults.bootstrapTotalMaxChars ??
      Math.floor(CONFIG_DEFAULTS.bootstrapTotalMaxChars * scale),
    ...(bootstrapMaxTokens === undefined ? {} : { bootstrapMaxTokens }),
    ...(bootstrapTotalMaxTokens === undefined ? {} : { bootstrapTotalMaxTokens }),
    maxSkillsPromptChars:
      agent.skillsLimits?.maxSkillsPromptChars ??
      defaults.skillsLimits?.maxSkillsPromptChars ??
      skillsLimits?.maxSkillsPromptChars ??
      Math.floor(CONFIG_DEFAULTS.maxSkillsPromptChars * scale),
    maxSkillsInPrompt: skillsLimits?.maxSkillsInPrompt ?? CONFIG_DEFAULTS.maxSkillsInPrompt,
    contextLimits: resolveContextLimits(agent.contextLimits, defaults.contextLimits),
  };
}

/** The runtime excerpt budgets: per key, the agent entry, else `agents.defaults`, else built-in. */
function resolveContextLimits(
  agentLimits: ContextLimitsConfig | undefined,
  defaultLimits: ContextLimitsConfig | undefined,
): ResolvedContextLimits {
  return {
    memoryGetMaxChars:
      agentLimits?.memoryGetMaxChars ??
      defaultLimits?.memoryGetMaxChars ??
      CONFIG_DEFAULTS.memoryGetMaxChars,
    toolResultMaxChars:
      agentLimits?.toolResultMaxChars ??
      defaultLimits?.toolResultMaxChars ??
      CONFIG_DEFAULTS.toolResultMaxChars,
    agentsRefreshMaxChars:
      agentLimits?.agentsRefreshMaxChars ??
      defaultLimits?.agentsRefreshMaxChars ??
      CONFIG_DEFAULTS.agentsRefreshMaxChars,
    startupContextMaxChars:
      agentLimits?.startupContextMaxChars ??
      defaultLimits?.startupContextMaxChars ??
      CONFIG_DEFAULTS.startupContextMaxChars,
  };
}

/** The merged model aliases as a list sorted by alias. */
function toModelAliases(models: AgentPromptSettings["models"]): readonly ModelAlias[] {
  return models === undefined
    ? []
    : Object.keys(models)
        .sort()
        .map((alias) => ({ alias, model: models[alias]! }));
}

/** Plugin ids listed under `plugins.entries` and not disabled, sorted. */
function resolveEnabledPlugins(pluginEntries: PluginsConfig["entries"]): readonly string[] {
  return pluginEntries === undefined
    ? []
    : Object.keys(pluginEntries)
        .filter((id) => pluginEntries[id]?.enabled !== false)
        .sort();
}

function resolveDelegationMode(
  agent: AgentPromptSettings,
  defaults: AgentPromptSettings,
  sessionKind: SessionKind,
): { mode: DelegationMode; source: ConfigValueSource } {
  const fromAgent = agent.subagents?.delegationMode;
  if (fromAgent !== undefined) return { mode: fromAgent, source: "agent" };
  const fromDefaults = defaults.subagents?.delegationMode;
  if (fromDefaults !== undefined) return { mode: fromDefaults, source: "defaults" };
  return { mode: sessionKind === "main" ? "prefer" : "suggest", source: "computed" };
}

function resolveHeartbeat(
  defaults: HeartbeatConfig | undefined,
  agent: HeartbeatConfig | undefined,
): HeartbeatConfig | undefined {
  if (defaults === undefined && agent === undefined) return undefined;
  const { includeSystemPromptSection: _ignored, ...merged } = { ...defaults, ...agent };
  return merged;
}
