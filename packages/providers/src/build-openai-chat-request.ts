import { resolvePromptCacheKey } from "./build-openai-responses-request.js";
import type { BuildOpenAIRequestOptions } from "./build-openai-responses-request.js";
import { formatSystemText } from "./format-system-text.js";
import { prepareRequest } from "./prepare-request.js";
import { toOpenAIChatMessages } from "./to-openai-chat-messages.js";
import type { OpenAIChatMessage } from "./to-openai-chat-messages.js";
import type { BuiltRequest, PromptTurn, ToolInputSchema } from "./types.js";

/** A function tool of Chat Completions. */
export interface OpenAIChatTool {
  type: "function";
  function: { name: string; description?: string; parameters: ToolInputSchema };
}

/** The Chat Completions body (a subset of the SDK's `ChatCompletionCreateParamsNonStreaming`). */
export interface OpenAIChatRequest {
  model: string;
  messages: OpenAIChatMessage[];
  tools?: OpenAIChatTool[];
  prompt_cache_key: string;
}

/** Options of `buildOpenAIChatRequest`. */
export interface BuildOpenAIChatRequestOptions extends BuildOpenAIRequestOptions {
  /** Role of the first message: `system` (default) or `developer` (reasoning models). */
  readonly systemRole?: "system" | "developer";
}

/**
 * Builds an OpenAI Chat Completions request: the system text as the first (system or developer)
 * message, then the history (assistant `tool_calls`, `tool` result messages), tools sorted by
 * name and a `prompt_cache_key` constant for one lineage.
 */
export function buildOpenAIChatRequest(
  turn: PromptTurn,
  options: BuildOpenAIChatRequestOptions,
): BuiltRequest<OpenAIChatRequest> {
  const prepared = prepareRequest(turn, options, "none", "openai");
  const { model, tools, diagnostics } = prepared;
  const { key, conversation } = resolvePromptCacheKey(turn, options, model, prepared.conversation);
  const body: OpenAIChatRequest = {
    model,
    messages: [
      { role: options.systemRole ?? "system", content: formatSystemText(conversation) },
      ...toOpenAIChatMessages(conversation),
    ],
    prompt_cache_key: key,
  };
  if (tools.length > 0) {
    body.tools = tools.map((tool) => ({
      type: "function",
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: tool.inputSchema,
      },
    }));
  }
  return { body, conversation, diagnostics };
}
