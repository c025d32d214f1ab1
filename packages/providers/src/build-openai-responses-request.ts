import { formatPromptCacheKey } from "./format-prompt-cache-key.js";
import { formatSystemText } from "./format-system-text.js";
import { prepareRequest } from "./prepare-request.js";
import type { BuildRequestOptions, PreparedRequest } from "./prepare-request.js";
import { toOpenAIResponsesInput } from "./to-openai-input.js";
import type { OpenAIResponsesInputItem } from "./to-openai-input.js";
import type { BuiltRequest, Conversation, PromptTurn, ToolInputSchema } from "./types.js";

/** A function tool of the Responses API. */
export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description?: string;
  parameters: ToolInputSchema;
  strict: boolean;
}

/** The Responses API body (a subset of the SDK's `ResponseCreateParamsNonStreaming`). */
export interface OpenAIResponsesRequest {
  model: string;
  instructions: string;
  input: OpenAIResponsesInputItem[];
  tools?: OpenAIResponsesTool[];
  prompt_cache_key: string;
  prompt_cache_retention?: "in_memory" | "24h";
}

/** Options shared by the OpenAI builders. */
export interface BuildOpenAIRequestOptions extends BuildRequestOptions {
  /** Replaces the derived key; keep it constant across turns and workspace edits. */
  readonly promptCacheKey?: string;
}

/**
 * The caller's `promptCacheKey`, else the lineage's (kept by forks and compactions), else the
 * key derived from the turn's agent id and the model. Returns the conversation carrying it.
 */
export function resolvePromptCacheKey(
  turn: PromptTurn,
  options: BuildOpenAIRequestOptions,
  model: string,
  conversation: Conversation,
): { readonly key: string; readonly conversation: Conversation } {
  const key =
    options.promptCacheKey ??
    conversation.promptCacheKey ??
    formatPromptCacheKey(turn.agentId ?? "main", model);
  if (conversation.promptCacheKey === key) return { key, conversation };
  return { key, conversation: Object.freeze({ ...conversation, promptCacheKey: key }) };
}

/** Options of `buildOpenAIResponsesRequest`. */
export interface BuildOpenAIResponsesRequestOptions extends BuildOpenAIRequestOptions {
  /** `24h` asks for extended retention (GPT-5.6 and later). */
  readonly promptCacheRetention?: "in_memory" | "24h";
}

/**
 * Builds an OpenAI Responses request: `instructions` (the system text), the history as `input`
 * (messages, `function_call` / `function_call_output` items, reasoning items as received), tools
 * sorted by name, and a `prompt_cache_key` constant for one lineage.
 */
export function buildOpenAIResponsesRequest(
  turn: PromptTurn,
  options: BuildOpenAIResponsesRequestOptions,
): BuiltRequest<OpenAIResponsesRequest> {
  const prepared = prepareRequest(turn, options, "none", "openai");
  const { body, conversation } = formatOpenAIResponsesBody(turn, prepared, options);
  return { body, conversation, diagnostics: prepared.diagnostics };
}

/** The Responses body of a planned request, and the conversation carrying the lineage's key. */
export function formatOpenAIResponsesBody(
  turn: PromptTurn,
  prepared: PreparedRequest,
  options: BuildOpenAIResponsesRequestOptions,
): { readonly body: OpenAIResponsesRequest; readonly conversation: Conversation } {
  const { model, tools } = prepared;
  const { key, conversation } = resolvePromptCacheKey(turn, options, model, prepared.conversation);
  const body: OpenAIResponsesRequest = {
    model,
    instructions: formatSystemText(conversation),
    input: toOpenAIResponsesInput(conversation),
    prompt_cache_key: key,
  };
  if (tools.length > 0) {
    body.tools = tools.map((tool) => ({
      type: "function",
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.inputSchema,
      strict: false,
    }));
  }
  if (options.promptCacheRetention !== undefined) {
    body.prompt_cache_retention = options.promptCacheRetention;
  }
  return { body, conversation };
}
