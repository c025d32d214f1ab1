export { ConfigError } from "./config-error.js";
export type { ConfigErrorCode, ConfigErrorOptions, ConfigIssue } from "./config-error.js";
export type {
  AgentDefaultsConfig,
  AgentEntryConfig,
  AgentPromptSettings,
  ContextLimitsConfig,
  CustomSectionConfig,
  ExecAskMode,
  ExecSecurityMode,
  Gpt5PersonalitySetting,
  HeartbeatConfig,
  InlineProductProfileConfig,
  OpenAiPluginEntryConfig,
  PluginEntryConfig,
  PluginsConfig,
  ProductProfileName,
  PromptstackConfig,
  PromptstackConfigInput,
  RequirableWorkspaceFile,
  SectionsConfig,
  SkillEntryConfig,
  SkillsConfig,
  ToolsConfig,
} from "./config-types.js";
export { CONFIG_DEFAULTS } from "./config-defaults.js";
export { parseConfig } from "./parse-config.js";
export type { ParseConfigOptions, ParsedConfig } from "./parse-config.js";
export { parseConfigText } from "./parse-config-text.js";
export { loadConfigFile } from "./load-config-file.js";

export { LEGACY_CONFIG_ALIASES } from "./legacy-config-aliases.js";
export type { LegacyConfigAlias } from "./legacy-config-aliases.js";
export { normalizeLegacyConfig } from "./normalize-legacy-config.js";
export type { NormalizedLegacyConfig } from "./normalize-legacy-config.js";

export { expandHomePath } from "./expand-home-path.js";
export { resolveAgentSystemPromptConfig } from "./resolve-agent-system-prompt-config.js";
export { resolveProductProfile } from "./resolve-product-profile.js";
export { parseSectionsFile } from "./parse-sections-file.js";
export type { SectionsFile, SectionsFileBlock } from "./parse-sections-file.js";
export type { ResolvedSectionsConfig, SectionsConfigKey } from "./resolve-section-registry.js";
export type {
  ConfigValueSource,
  ResolveAgentContext,
  ResolvedAgentPromptConfig,
  ResolvedContextLimits,
  ResolvedPromptBudgets,
} from "./resolve-agent-system-prompt-config.js";
export { parseRunFacts, buildRunFactsJsonSchema } from "./parse-run-facts.js";
export type {
  RunFacts,
  RunFactsChannel,
  RunFactsChannelCapabilities,
  RunFactsChannelCapabilitiesInput,
  RunFactsChannelInput,
  RunFactsInput,
  RunFactsRuntime,
  RunFactsRuntimeContext,
  RunFactsSandbox,
} from "./run-facts-types.js";
export { toAgentSystemPromptInput } from "./to-agent-system-prompt-input.js";
export type { FactsPromptInput, NonFactsPromptInputKey } from "./to-agent-system-prompt-input.js";
export { resolveAgentPromptInput, resolveDefaultPromptMode } from "./resolve-agent-prompt-input.js";
export { findVolatileFactsInToolSummaries } from "./find-volatile-facts-in-tool-summaries.js";
export type { AgentPromptInput, AgentPromptInputOptions } from "./resolve-agent-prompt-input.js";
export { applyConfigPatch, replaceConfig, PROTECTED_CONFIG_PATHS } from "./apply-config-patch.js";
export type { ConfigWriteActor, ConfigWriteOptions } from "./apply-config-patch.js";
export { buildConfigJsonSchema, formatJsonSchemaFile } from "./build-config-json-schema.js";
export type { JsonSchema } from "./build-config-json-schema.js";
export { lookupConfigSchema } from "./lookup-config-schema.js";
export type {
  ConfigSchemaChild,
  ConfigSchemaConstraints,
  ConfigSchemaLookup,
} from "./lookup-config-schema.js";
