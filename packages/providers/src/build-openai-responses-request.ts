import { formatPromptCacheKey } from "./format-prompt-cache-key.js";
import { formatSystemText, joinBlocks } from "./format-system-text.js";
import { prepareRequest } from "./prepare-request.js";
import type { BuildRequestOptions } from "./prepare-request.js";
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
  input: { role: "user" | "assistant"; content: string }[];
  tools?: OpenAIResponsesTool[];
  prompt_cache_key: string;
  prompt_cache_retention?: "in_memory" | "24h";
}

/** Options shared by the OpenAI builders. */
export interface BuildOpenAIRequestOptions extends BuildRequestOptions {
  /** Replaces the derived key; keep it constant across turns and workspace edits. */
  readonly promptCacheKey?: string;
}

/** The history as OpenAI text messages (both OpenAI APIs take this shape). */
export function toOpenAITextMessages(
  conversation: Conversation,
): { role: "user" | "assistant"; content: string }[] {
  return conversation.messages.map((message) => ({
    role: message.role,
    content: joinBlocks(message.blocks),
  }));
}

/** The caller's `promptCacheKey`, else the key derived from the turn's agent id and the model. */
export function resolvePromptCacheKey(
  turn: PromptTurn,
  options: BuildOpenAIRequestOptions,
  model: string,
): string {
  return options.promptCacheKey ?? formatPromptCacheKey(turn.agentId ?? "main", model);
}

/** Options of `buildOpenAIResponsesRequest`. */
export interface BuildOpenAIResponsesRequestOptions extends BuildOpenAIRequestOptions {
  /** `24h` asks for extended retention (GPT-5.6 and later). */
  readonly promptCacheRetention?: "in_memory" | "24h";
}

/**
 * Builds an OpenAI Responses request: `instructions` (the system text), the history as `input`,
 * tools sorted by name, and a `prompt_cache_key` constant for one agent and model.
 */
export function buildOpenAIResponsesRequest(
  turn: PromptTurn,
  options: BuildOpenAIResponsesRequestOptions,
): BuiltRequest<OpenAIResponsesRequest> {
  const { conversation, model, tools, diagnostics } = prepareRequest(
    turn,
    options,
    "none",
    "openai",
  );
  const body: OpenAIResponsesRequest = {
    model,
    instructions: formatSystemText(conversation),
    input: toOpenAITextMessages(conversation),
    prompt_cache_key: resolvePromptCacheKey(turn, options, model),
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
  return { body, conversation, diagnostics };
}
