import { prepareRequest } from "./prepare-request.js";
import type { BuildRequestOptions } from "./prepare-request.js";
import type { Diagnostic } from "@promptstack/core";
import type { BuiltRequest, JsonValue, MessageContent, PromptTurn } from "./types.js";

/** A Converse cache point block. */
export interface BedrockCachePoint {
  cachePoint: { type: "default" };
}

/** A Converse tool spec. */
export interface BedrockToolSpec {
  toolSpec: { name: string; description?: string; inputSchema: { json: JsonValue } };
}

/** A Converse content block of a message. */
export type BedrockContentBlock =
  | { text: string }
  | { toolUse: { toolUseId: string; name: string; input: JsonValue } }
  | {
      toolResult: {
        toolUseId: string;
        content: ({ text: string } | { json: JsonValue })[];
        status?: "success" | "error";
      };
    }
  | { image: { format: "png" | "jpeg" | "gif" | "webp"; source: { bytes: Uint8Array } } }
  | {
      document: {
        format: "pdf";
        name: string;
        source: { bytes: Uint8Array };
      };
    }
  | { reasoningContent: { reasoningText: { text: string; signature: string } } }
  | { reasoningContent: { redactedContent: Uint8Array } };

/** The Converse request (a subset of the SDK's `ConverseCommandInput`). */
export interface BedrockConverseRequest {
  modelId: string;
  system: ({ text: string } | BedrockCachePoint)[];
  messages: { role: "user" | "assistant"; content: (BedrockContentBlock | BedrockCachePoint)[] }[];
  toolConfig?: { tools: (BedrockToolSpec | BedrockCachePoint)[] };
}

/**
 * Builds an Amazon Bedrock Converse request: the breakpoints of `buildAnthropicRequest` become
 * `cachePoint` blocks after the tools, the stable system text and the newest message. Tool calls
 * and results become `toolUse` / `toolResult` blocks; consecutive messages of one role are
 * merged into one (Converse requires alternating roles).
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
  const body: BedrockConverseRequest = { modelId: model, system: [], messages: [] };
  // Converse wants roles to alternate: consecutive messages of one role become one message.
  const wire: number[] = [];
  conversation.messages.forEach((message, index) => {
    if (index > 0 && conversation.messages[index - 1]!.role === message.role) {
      wire.push(body.messages.length - 1);
    } else {
      wire.push(body.messages.push({ role: message.role, content: [] }) - 1);
    }
  });
  const skipped: Diagnostic[] = [];
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
      const content = body.messages[wire[ref.message]!]!.content;
      const block = toBedrockContent(conversation.messages[ref.message]!.content[ref.block]!);
      if (typeof block === "string") {
        skipped.push({
          code: "PROVIDERS_CONTENT_NOT_SENT",
          severity: "warning",
          message: `messages[${ref.message}].content[${ref.block}]: ${block}; Bedrock Converse does not get it`,
          path: `messages[${ref.message}].content[${ref.block}]`,
          hint: "Send images and documents inline (base64) to Bedrock.",
        });
        continue;
      }
      if (block !== undefined) content.push(block);
      // A cache point never stands alone: it follows the block it marks.
      if (segment.breakpoint && block !== undefined) content.push(point());
    }
  }
  if (toolBlocks.length > 0) body.toolConfig = { tools: toolBlocks };
  return { body, conversation, diagnostics: [...diagnostics, ...skipped] };
}

function toBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * One neutral block as Converse takes it; a string says why it cannot be sent (a URL source),
 * undefined marks what is left out on purpose (an OpenAI reasoning item).
 */
function toBedrockContent(block: MessageContent): BedrockContentBlock | string | undefined {
  switch (block.type) {
    case "text":
      return { text: block.text };
    case "tool-call":
      return { toolUse: { toolUseId: block.id, name: block.name, input: block.input } };
    case "tool-result":
      return {
        toolResult: {
          toolUseId: block.id,
          content: [
            ...(block.text === undefined ? [] : [{ text: block.text }]),
            ...(block.json === undefined ? [] : [{ json: block.json }]),
          ],
          ...(block.isError === true ? { status: "error" as const } : {}),
        },
      };
    case "image":
    case "document":
      if (block.source.kind === "url") return `a ${block.type} given by URL`;
      return block.type === "image"
        ? {
            image: {
              format: block.mediaType.slice("image/".length) as "png",
              source: { bytes: toBytes(block.source.data) },
            },
          }
        : {
            document: {
              format: "pdf",
              name: block.title ?? "document",
              source: { bytes: toBytes(block.source.data) },
            },
          };
    case "reasoning": {
      if (block.provider !== "anthropic") return undefined;
      const item = block.item;
      return item["type"] === "redacted_thinking"
        ? { reasoningContent: { redactedContent: toBytes(textOf(item["data"])) } }
        : {
            reasoningContent: {
              reasoningText: {
                text: textOf(item["thinking"]),
                signature: textOf(item["signature"]),
              },
            },
          };
    }
  }
}

/** A field of a reasoning item checked to be a string when it was appended. */
function textOf(value: JsonValue | undefined): string {
  return typeof value === "string" ? value : "";
}
