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
  Diagnostic,
  DocsInfo,
  ElevationLevel,
  GptPersonality,
  MemoryCitationMode,
  ModelAlias,
  PromptMode,
  PromptSize,
  ProductFeatures,
  ProductProfile,
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
  ToolSummary,
  VolatileFacts,
  VolatileSectionContext,
} from "./types.js";
export { PromptstackError, hasErrorMarker, markError } from "./promptstack-error.js";
export type { PromptstackErrorOptions } from "./promptstack-error.js";
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
export type { CompiledAgentSystemPrompt } from "./compile-agent-system-prompt.js";
export { validateAgentSystemPromptInput } from "./validate-agent-system-prompt-input.js";
export { SECTION_TABLE } from "./section-table.js";
export { resolveSectionRows } from "./resolve-section-rows.js";
export type { SectionTableRow } from "./section-table.js";
export {
  createSectionRenderContext,
  hasFeature,
  hasText,
  hasTool,
} from "./create-section-render-context.js";
export type { SectionRenderContext } from "./create-section-render-context.js";
export { formatSectionTableMarkdown } from "./format-section-table-markdown.js";
export {
  formatCacheBoundaryMarker,
  formatRuntimeTailMarkers,
} from "./format-cache-boundary-marker.js";
export type { RuntimeTailMarkers } from "./format-cache-boundary-marker.js";
export { splitCacheBoundary } from "./split-cache-boundary.js";
export type { CacheBoundarySplit } from "./split-cache-boundary.js";
export { toModelText } from "./to-model-text.js";
export type { ModelText } from "./to-model-text.js";
export { ensureCacheBoundary } from "./ensure-cache-boundary.js";
export { insertAfterCacheBoundary } from "./insert-after-cache-boundary.js";
export { splitRuntimeTail } from "./split-runtime-tail.js";
export type { RuntimeTailSplit } from "./split-runtime-tail.js";
export { relocateRuntimeTail } from "./relocate-runtime-tail.js";
export { resolveGpt5SystemPromptContribution } from "./resolve-gpt5-system-prompt-contribution.js";
export type { Gpt5ContributionOptions } from "./resolve-gpt5-system-prompt-contribution.js";
export { resolveDelegationMode } from "./sections/render-delegation-sections.js";
// runtime context carrier
export {
  buildRuntimeContextCarrier,
  resolveRuntimeContextCarrierFacts,
} from "./build-runtime-context-carrier.js";
export type {
  BuildRuntimeContextCarrierOptions,
  ExecSessionFact,
  ExecSessionState,
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
  TRANSCRIPT_PROJECTION_VERSIONS,
  resolveTranscriptProjectionVersion,
} from "./resolve-transcript-projection-version.js";
export type {
  TranscriptHeader,
  TranscriptOrigin,
  TranscriptProjectionVersion,
} from "./resolve-transcript-projection-version.js";
