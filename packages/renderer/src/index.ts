export type {
  AgentSystemPromptInput,
  CacheSide,
  ChannelFacts,
  ChatType,
  ContextFile,
  DelegationMode,
  Diagnostic,
  DocsInfo,
  ElevationLevel,
  GptPersonality,
  MemoryCitationMode,
  ModelAlias,
  PromptMode,
  ProductProfile,
  ProviderContribution,
  ReasoningVisibility,
  RenderedPrompt,
  RenderedSection,
  RuntimeFacts,
  SandboxInfo,
  SectionId,
  SessionKind,
  ThinkingLevel,
  ToolSummary,
  VolatileFacts,
} from "./types.js";
export { PromptstackError, hasErrorMarker, markError } from "./promptstack-error.js";
export type { PromptstackErrorOptions } from "./promptstack-error.js";
export { RendererError } from "./renderer-error.js";
export type { RendererErrorCode } from "./renderer-error.js";
export { OPENCLAW_PRODUCT_PROFILE, formatInternalContextDelimiters } from "./product-profile.js";
export type { InternalContextDelimiters } from "./product-profile.js";
