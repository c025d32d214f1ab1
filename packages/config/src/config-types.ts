import type {
  CacheSide,
  DelegationMode,
  MemoryCitationMode,
  PromptMode,
  PromptSize,
} from "@promptstack/renderer";
import type { ProductFeatures } from "@promptstack/core";

/** Exec approval mode: never ask, ask when the command is not allowlisted, always ask. */
export type ExecAskMode = "off" | "on-miss" | "always";

/** Exec security mode: no host exec, allowlisted commands only, or everything. */
export type ExecSecurityMode = "deny" | "allowlist" | "full";

/** Personality setting of the built-in GPT-5 contribution as written (`on` is normalized away). */
export type Gpt5PersonalitySetting = "friendly" | "on" | "off";

/** Runtime excerpt budgets, separate from the skills and bootstrap budgets. */
export interface ContextLimitsConfig {
  readonly memoryGetMaxChars?: number;
  readonly toolResultMaxChars?: number;
  readonly agentsRefreshMaxChars?: number;
  readonly startupContextMaxChars?: number;
}

export interface HeartbeatConfig {
  readonly every?: string;
  readonly prompt?: string;
  readonly file?: string;
  /** Deprecated, no effect. */
  readonly includeSystemPromptSection?: boolean;
}

/** A built-in product profile by name. */
export type ProductProfileName = "openclaw" | "neutral";

/** A workspace file a profile may require. */
export type RequirableWorkspaceFile =
  "AGENTS.md" | "SOUL.md" | "IDENTITY.md" | "USER.md" | "MEMORY.md";

/** An inline product profile: a built-in one (`extends`, default `neutral`) with keys overridden. */
export interface InlineProductProfileConfig {
  readonly extends?: ProductProfileName;
  readonly name?: string;
  readonly cliName?: string;
  readonly docsUrl?: string;
  readonly sourceUrl?: string;
  readonly skillsHubUrl?: string;
  readonly communityUrl?: string;
  readonly delimiterWord?: string;
  /** Merged over the base profile's features. */
  readonly features?: ProductFeatures;
  readonly fenceContextFiles?: boolean;
  readonly ownerAuthority?: boolean;
  readonly requiredWorkspaceFiles?: readonly RequirableWorkspaceFile[];
}

/** A custom section as config writes it: static text, or a block of the sections file. */
export interface CustomSectionConfig {
  readonly id: string;
  readonly heading: string;
  readonly cache: CacheSide;
  readonly after?: string;
  readonly before?: string;
  readonly modes?: readonly PromptMode[];
  /** Absent: the sections file's block with this id. */
  readonly text?: string;
}

/** The section registry as config writes it (`sections`). */
export interface SectionsConfig {
  /** Sections file, relative to the config file's folder (read by `@promptstack/agent`). */
  readonly file?: string;
  readonly disable?: readonly string[];
  readonly replace?: Readonly<Record<string, string>>;
  readonly add?: readonly CustomSectionConfig[];
}

/** Keys shared by `agents.defaults` and every `agents.entries.<id>`. */
export interface AgentPromptSettings {
  /** `size`: wording of the built-in sections (`compact` also scales unset budgets). */
  readonly systemPrompt?: { readonly size?: PromptSize };
  /** Product profile: a built-in name or an inline profile. Default `openclaw`. */
  readonly profile?: ProductProfileName | InlineProductProfileConfig;
  readonly sections?: SectionsConfig;
  readonly workspace?: string;
  readonly userTimezone?: string;
  readonly bootstrapMaxChars?: number;
  readonly bootstrapTotalMaxChars?: number;
  readonly bootstrapMaxTokens?: number;
  readonly bootstrapTotalMaxTokens?: number;
  readonly skills?: readonly string[];
  readonly skillsLimits?: { readonly maxSkillsPromptChars?: number };
  readonly contextLimits?: ContextLimitsConfig;
  readonly subagents?: { readonly delegationMode?: DelegationMode };
  readonly heartbeat?: HeartbeatConfig;
  /** Model aliases: alias → model id. */
  readonly models?: Readonly<Record<string, string>>;
  readonly ownerDisplay?: string;
  readonly tts?: { readonly hint?: string };
  readonly memory?: { readonly citations?: MemoryCitationMode };
}

/** `agents.defaults`: the shared settings plus deprecated keys kept for old files. */
export interface AgentDefaultsConfig extends AgentPromptSettings {
  /** Deprecated, no effect. */
  readonly timeFormat?: "auto" | "12" | "24";
  /** Deprecated, no effect: the truncation notice is built in. */
  readonly bootstrapPromptTruncationWarning?: "off" | "once" | "always";
}

/** `agents.entries.<id>`: per-agent overrides. */
export interface AgentEntryConfig extends AgentPromptSettings {
  readonly name?: string;
}

export interface SkillEntryConfig {
  readonly enabled?: boolean;
  readonly env?: Readonly<Record<string, string>>;
  readonly config?: Readonly<Record<string, unknown>>;
  /** How the eligible skill is listed in the prompt. Default `normal`. */
  readonly listing?: "pinned" | "normal" | "name-only" | "manual";
  /** Higher keeps the longer form when the skills budget is short. Default 0. */
  readonly priority?: number;
}

export interface SkillsConfig {
  readonly limits?: { readonly maxSkillsPromptChars?: number; readonly maxSkillsInPrompt?: number };
  /** Legacy `<version>` line per listed skill, with the re-read rule. Default false. */
  readonly versionMarkers?: boolean;
  readonly entries?: Readonly<Record<string, SkillEntryConfig>>;
  readonly load?: { readonly extraDirs?: readonly string[] };
}

export interface PluginEntryConfig {
  readonly enabled?: boolean;
  readonly config?: Readonly<Record<string, unknown>>;
}

export interface OpenAiPluginEntryConfig {
  readonly enabled?: boolean;
  readonly config?: {
    readonly personality?: Gpt5PersonalitySetting;
    readonly [key: string]: unknown;
  };
}

export interface PluginsConfig {
  readonly entries?: { readonly openai?: OpenAiPluginEntryConfig } & Readonly<
    Record<string, PluginEntryConfig>
  >;
}

export interface ToolsConfig {
  readonly updatePlan?: boolean;
  readonly exec?: { readonly ask?: ExecAskMode; readonly security?: ExecSecurityMode };
}

/**
 * The validated, legacy-normalized configuration. Holds only what the file says: built-in
 * defaults are applied by `resolveAgentSystemPromptConfig`, so "explicit" stays visible.
 */
export interface PromptstackConfig {
  readonly agents?: {
    readonly defaults?: AgentDefaultsConfig;
    readonly entries?: Readonly<Record<string, AgentEntryConfig>>;
  };
  readonly skills?: SkillsConfig;
  readonly plugins?: PluginsConfig;
  readonly tools?: ToolsConfig;
}

/**
 * A configuration as a caller writes it (current spellings). The parsed config holds only
 * explicit values, so the input and the parsed shape are the same type; `parseConfig` and
 * `applyConfigPatch` also accept legacy spellings, which are left out of this type on purpose.
 */
export type PromptstackConfigInput = PromptstackConfig;
