import { prepareRequest } from "./prepare-request.js";
import type { BuildRequestOptions } from "./prepare-request.js";
import type { BuiltRequest, PromptTurn, ToolInputSchema } from "./types.js";

/** Anthropic's cache breakpoint marker. */
export interface AnthropicCacheControl {
  type: "ephemeral";
  ttl?: "5m" | "1h";
}

/** A text block of `system` or of a message. */
export interface AnthropicTextBlock {
  type: "text";
  text: string;
  cache_control?: AnthropicCacheControl;
}

/** A tool definition. */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: ToolInputSchema;
  cache_control?: AnthropicCacheControl;
}

/** The Messages API body (a subset of the SDK's `MessageCreateParamsNonStreaming`). */
export interface AnthropicMessagesRequest {
  model: string;
  max_tokens: number;
  system: AnthropicTextBlock[];
  messages: { role: "user" | "assistant"; content: AnthropicTextBlock[] }[];
  tools?: AnthropicTool[];
}

/** Options of `buildAnthropicRequest`. */
export interface BuildAnthropicRequestOptions extends BuildRequestOptions {
  readonly maxTokens: number;
  /** Breakpoint lifetime: `5m` (default, sent as plain ephemeral) or `1h`. */
  readonly ttl?: "5m" | "1h";
}

/**
 * Builds an Anthropic Messages request for the turn (its user message appended to the
 * conversation): tools sorted by name,
 * `cache_control` on the last tool, the end of the stable system text (and of the rules with a
 * workspace boundary), the newest message and, when a turn adds more than 20 blocks, one
 * intermediate block; never more than 4.
 */
export function buildAnthropicRequest(
  turn: PromptTurn,
  options: BuildAnthropicRequestOptions,
): BuiltRequest<AnthropicMessagesRequest> {
  const { conversation, model, plan, tools, diagnostics } = prepareRequest(
    turn,
    options,
    "explicit",
    "anthropic",
  );
  const cacheControl = (): AnthropicCacheControl =>
    options.ttl === "1h" ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
  const body: AnthropicMessagesRequest = {
    model,
    max_tokens: options.maxTokens,
    system: [],
    messages: conversation.messages.map((message) => ({ role: message.role, content: [] })),
  };
  const anthropicTools: AnthropicTool[] = [];
  for (const segment of plan.segments) {
    const { ref } = segment;
    const cache = segment.breakpoint ? { cache_control: cacheControl() } : {};
    if (ref.area === "tools") {
      const tool = tools[ref.index]!;
      anthropicTools.push({
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        input_schema: tool.inputSchema,
        ...cache,
      });
    } else if (ref.area === "system") {
      body.system.push({ type: "text", text: plan.parts[ref.part], ...cache });
    } else {
      const text = conversation.messages[ref.message]!.blocks[ref.block]!;
      body.messages[ref.message]!.content.push({ type: "text", text, ...cache });
    }
  }
  if (anthropicTools.length > 0) body.tools = anthropicTools;
  return { body, conversation, diagnostics };
}
