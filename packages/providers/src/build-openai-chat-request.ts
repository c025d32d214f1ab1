import { resolvePromptCacheKey, toOpenAITextMessages } from "./build-openai-responses-request.js";
import type { BuildOpenAIRequestOptions } from "./build-openai-responses-request.js";
import { formatSystemText } from "./format-system-text.js";
import { prepareRequest } from "./prepare-request.js";
import type { BuiltRequest, PromptTurn, ToolInputSchema } from "./types.js";

/** A function tool of Chat Completions. */
export interface OpenAIChatTool {
  type: "function";
  function: { name: string; description?: string; parameters: ToolInputSchema };
}

/** The Chat Completions body (a subset of the SDK's `ChatCompletionCreateParamsNonStreaming`). */
export interface OpenAIChatRequest {
  model: string;
  messages: { role: "system" | "developer" | "user" | "assistant"; content: string }[];
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
 * message, then the history, tools sorted by name and a constant `prompt_cache_key`.
 */
export function buildOpenAIChatRequest(
  turn: PromptTurn,
  options: BuildOpenAIChatRequestOptions,
): BuiltRequest<OpenAIChatRequest> {
  const { conversation, model, tools, diagnostics } = prepareRequest(
    turn,
    options,
    "none",
    "openai",
  );
  const body: OpenAIChatRequest = {
    model,
    messages: [
      { role: options.systemRole ?? "system", content: formatSystemText(conversation) },
      ...toOpenAITextMessages(conversation),
    ],
    prompt_cache_key: resolvePromptCacheKey(turn, options, model),
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
