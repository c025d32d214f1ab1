export type {
  AgentSystemPromptInput,
  CacheSide,
  ChannelFacts,
  ChatType,
  ContextFile,
  CustomSection,
  CustomSectionBody,
  CustomStableSection,
  CustomVolatileSection,
  DelegationMode,
  DocsInfo,
  ElevationLevel,
  GptPersonality,
  MemoryCitationMode,
  ModelAlias,
  PromptMode,
  PromptSize,
  ProviderContribution,
  ReasoningVisibility,
  RenderedPrompt,
  RenderedSection,
  RuntimeFacts,
  RuntimeFactsLocation,
  SandboxInfo,
  SectionId,
  SectionRegistry,
  SessionKind,
  StableAgentSystemPromptInput,
  StableSectionContext,
  ThinkingLevel,
  Tool,
  TurnInput,
  VolatileFacts,
  VolatileSectionContext,
} from "./types.js";
export { RendererError } from "./renderer-error.js";
export type { RendererErrorCode } from "./renderer-error.js";
export {
  NEUTRAL_PRODUCT_PROFILE,
  OPENCLAW_PRODUCT_PROFILE,
  formatInternalContextDelimiters,
} from "./product-profile.js";
export type { InternalContextDelimiters } from "./product-profile.js";
export { buildAgentSystemPrompt } from "./build-agent-system-prompt.js";
export { compileAgentSystemPrompt } from "./compile-agent-system-prompt.js";
export { listBuiltInSections, validateSectionRegistry } from "./validate-section-registry.js";
export type { BuiltInSection } from "./validate-section-registry.js";
export type { CompiledAgentSystemPrompt } from "./compile-agent-system-prompt.js";
export { validateAgentSystemPromptInput } from "./validate-agent-system-prompt-input.js";

export { toModelText } from "./to-model-text.js";
export type { ModelText } from "./to-model-text.js";

export { resolveGpt5SystemPromptContribution } from "./resolve-gpt5-system-prompt-contribution.js";
export type { Gpt5ContributionOptions } from "./resolve-gpt5-system-prompt-contribution.js";

// runtime context carrier
export {
  buildRuntimeContextCarrier,
  resolveRuntimeContextCarrierFacts,
} from "./build-runtime-context-carrier.js";
export type {
  BuildRuntimeContextCarrierOptions,
  ExecSessionFact,
  ExecSessionState,
  HeartbeatOutcome,
  HeartbeatResultFact,
  MediaSnapshot,
  MediaTaskFact,
  MediaTaskState,
  RuntimeContextCarrierFacts,
  RuntimeContextSnapshot,
  SubagentFact,
  SubagentMode,
  SubagentState,
} from "./build-runtime-context-carrier.js";
export { parseInternalContextDelimiters } from "./parse-internal-context-delimiters.js";
export type {
  InternalContextDelimiterMatch,
  ParseRuntimeContextCarrierOptions,
} from "./parse-internal-context-delimiters.js";
export { parseRuntimeContextCarrier } from "./parse-runtime-context-carrier.js";
export type { ParsedRuntimeContextCarrier } from "./parse-runtime-context-carrier.js";
export { projectInboundMessage, projectInboundText } from "./project-inbound-text.js";
export type {
  InboundMessage,
  InboundTextKind,
  ProjectedInboundText,
  ProjectInboundTextOptions,
} from "./project-inbound-text.js";
export {
  CURRENT_TRANSCRIPT_PROJECTION_VERSION,
  resolveTranscriptProjectionVersion,
} from "./resolve-transcript-projection-version.js";
export type {
  TranscriptHeader,
  TranscriptOrigin,
  TranscriptProjectionVersion,
} from "./resolve-transcript-projection-version.js";
