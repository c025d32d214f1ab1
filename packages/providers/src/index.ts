export type {
  BuiltRequest,
  Conversation,
  ConversationLayout,
  ConversationMessage,
  DocumentContent,
  ImageContent,
  JsonValue,
  MediaSource,
  MessageContent,
  ReasoningContent,
  TextContent,
  ToolCallContent,
  ToolResultContent,
  PromptParts,
  PromptSource,
  PromptTurn,
  ToolInputSchema,
} from "./types.js";
export { ProvidersError } from "./providers-error.js";
export type { ProvidersErrorCode } from "./providers-error.js";
// conversations
export { createConversation } from "./create-conversation.js";
export type { CreateConversationOptions } from "./create-conversation.js";
export { appendAssistantReply } from "./append-assistant-reply.js";
export { appendAssistantMessage, appendToolResults } from "./append-conversation-message.js";
export type { ToolResultInput } from "./append-conversation-message.js";
export { compactConversation } from "./compact-conversation.js";
export type { CompactConversationOptions } from "./compact-conversation.js";
export { forkConversation } from "./fork-conversation.js";
export type { ForkConversationOptions } from "./fork-conversation.js";
export { toPromptParts, neutralizeMarkerComments } from "./to-prompt-parts.js";
export type { ToPromptPartsOptions } from "./to-prompt-parts.js";
export { formatUserTurnText } from "./format-user-turn-text.js";
export type { FormatUserTurnTextOptions } from "./format-user-turn-text.js";
// tools, tokens, rules
export { toCanonicalTools } from "./to-canonical-tools.js";
export type { CanonicalTool, ToCanonicalToolsOptions } from "./to-canonical-tools.js";
export { ESTIMATE_TOKEN_COUNTER, createTokenCounter } from "./create-token-counter.js";
export { resolveCacheRules } from "./resolve-cache-rules.js";
export type { CacheProvider, CacheRules } from "./resolve-cache-rules.js";
export { planCacheSegments } from "./plan-cache-segments.js";
export type {
  CachePlan,
  CacheSegment,
  PlanCacheSegmentsOptions,
  SegmentRef,
} from "./plan-cache-segments.js";
export { formatPromptCacheKey } from "./format-prompt-cache-key.js";
// request builders
export type { BuildRequestOptions } from "./prepare-request.js";
export { buildAnthropicRequest } from "./build-anthropic-request.js";
export type {
  AnthropicCacheControl,
  AnthropicContentBlock,
  AnthropicDocumentBlock,
  AnthropicImageBlock,
  AnthropicMessagesRequest,
  AnthropicTextBlock,
  AnthropicThinkingBlock,
  AnthropicTool,
  AnthropicToolResultBlock,
  AnthropicToolUseBlock,
  BuildAnthropicRequestOptions,
} from "./build-anthropic-request.js";
export { buildOpenAIResponsesRequest } from "./build-openai-responses-request.js";
export type {
  BuildOpenAIRequestOptions,
  BuildOpenAIResponsesRequestOptions,
  OpenAIResponsesRequest,
  OpenAIResponsesTool,
} from "./build-openai-responses-request.js";
export type {
  OpenAIFunctionCallItem,
  OpenAIFunctionCallOutputItem,
  OpenAIReasoningItem,
  OpenAIResponsesInputContent,
  OpenAIResponsesInputItem,
  OpenAIResponsesInputMessage,
} from "./to-openai-input.js";
export type {
  OpenAIChatMessage,
  OpenAIChatToolCall,
  OpenAIChatUserPart,
} from "./to-openai-chat-messages.js";
export { buildOpenAIChatRequest } from "./build-openai-chat-request.js";
export type {
  BuildOpenAIChatRequestOptions,
  OpenAIChatRequest,
  OpenAIChatTool,
} from "./build-openai-chat-request.js";
export { buildAiSdkCall } from "./build-ai-sdk-call.js";
export type {
  AiSdkAssistantMessage,
  AiSdkCall,
  AiSdkFilePart,
  AiSdkImagePart,
  AiSdkMessage,
  AiSdkProviderOptions,
  AiSdkReasoningPart,
  AiSdkSystemMessage,
  AiSdkTextPart,
  AiSdkToolCallPart,
  AiSdkToolMessage,
  AiSdkToolResultPart,
  AiSdkUserMessage,
  BuildAiSdkCallOptions,
} from "./build-ai-sdk-call.js";
export { buildBedrockConverseRequest } from "./build-bedrock-converse-request.js";
export type {
  BedrockCachePoint,
  BedrockContentBlock,
  BedrockConverseRequest,
  BedrockToolSpec,
} from "./build-bedrock-converse-request.js";
export { buildGeminiRequest } from "./build-gemini-request.js";
export type { GeminiGenerateContentRequest, GeminiPart } from "./build-gemini-request.js";
export { formatSystemText } from "./format-system-text.js";
// cache simulation and explanation
export { simulateConversationCache } from "./simulate-conversation-cache.js";
export type {
  CacheSimulation,
  CacheTokenCounts,
  SimulateConversationCacheOptions,
  SimulatedRequest,
  SimulatedToolRound,
  SimulatedTurn,
  SimulatedTurnInput,
} from "./simulate-conversation-cache.js";
export { formatCacheSimulationTable } from "./format-cache-simulation-table.js";
export { explainProviderCache } from "./explain-provider-cache.js";
export type {
  ExplainProviderCacheOptions,
  ProviderCacheExplanation,
} from "./explain-provider-cache.js";
// cache accounting against what the provider reports
export { createCacheLedger } from "./create-cache-ledger.js";
export type {
  CacheLedger,
  CacheLedgerEntry,
  CacheLedgerRequest,
  CacheLedgerTotals,
  CreateCacheLedgerOptions,
} from "./create-cache-ledger.js";
export { normalizeUsage } from "./normalize-usage.js";
export type {
  CacheWrites,
  NormalizedUsage,
  NormalizeUsageResult,
  UsageProvider,
} from "./normalize-usage.js";
export type { CacheLedgerSection, CacheMissCause } from "./attribute-cache-miss.js";
export { CACHE_FACTS_TABLE, resolveCacheFacts } from "./cache-facts-table.js";
export type {
  CacheFactsProvider,
  CacheFactsRow,
  CachePriceMultipliers,
  ResolvedCacheFacts,
} from "./cache-facts-table.js";
export { parseIsoTimestamp } from "./parse-iso-timestamp.js";
