import { prepareRequest } from "./prepare-request.js";
import type { BuildRequestOptions } from "./prepare-request.js";
import type { BuiltRequest, JsonValue, PromptTurn } from "./types.js";

/** A Converse cache point block. */
export interface BedrockCachePoint {
  cachePoint: { type: "default" };
}

/** A Converse tool spec. */
export interface BedrockToolSpec {
  toolSpec: { name: string; description?: string; inputSchema: { json: JsonValue } };
}

/** The Converse request (a subset of the SDK's `ConverseCommandInput`). */
export interface BedrockConverseRequest {
  modelId: string;
  system: ({ text: string } | BedrockCachePoint)[];
  messages: { role: "user" | "assistant"; content: ({ text: string } | BedrockCachePoint)[] }[];
  toolConfig?: { tools: (BedrockToolSpec | BedrockCachePoint)[] };
}

/**
 * Builds an Amazon Bedrock Converse request: the breakpoints of `buildAnthropicRequest` become
 * `cachePoint` blocks after the tools, the stable system text and the newest message.
 * Minimum-length warnings use the Anthropic rules for `anthropic.*claude*` model ids.
 */
export function buildBedrockConverseRequest(
  turn: PromptTurn,
  options: BuildRequestOptions,
): BuiltRequest<BedrockConverseRequest> {
  const claude = /claude/i.test(options.model ?? turn.modelId);
  const { conversation, model, plan, tools, diagnostics } = prepareRequest(
    turn,
    options,
    "explicit",
    claude ? "anthropic" : undefined,
  );
  const point = (): BedrockCachePoint => ({ cachePoint: { type: "default" } });
  const body: BedrockConverseRequest = {
    modelId: model,
    system: [],
    messages: conversation.messages.map((message) => ({ role: message.role, content: [] })),
  };
  const toolBlocks: (BedrockToolSpec | BedrockCachePoint)[] = [];
  for (const segment of plan.segments) {
    const { ref } = segment;
    if (ref.area === "tools") {
      const tool = tools[ref.index]!;
      toolBlocks.push({
        toolSpec: {
          name: tool.name,
          ...(tool.description === undefined ? {} : { description: tool.description }),
          inputSchema: { json: tool.inputSchema },
        },
      });
      if (segment.breakpoint) toolBlocks.push(point());
    } else if (ref.area === "system") {
      body.system.push({ text: plan.parts[ref.part] });
      if (segment.breakpoint) body.system.push(point());
    } else {
      const content = body.messages[ref.message]!.content;
      content.push({ text: conversation.messages[ref.message]!.blocks[ref.block]! });
      if (segment.breakpoint) content.push(point());
    }
  }
  if (toolBlocks.length > 0) body.toolConfig = { tools: toolBlocks };
  return { body, conversation, diagnostics };
}
