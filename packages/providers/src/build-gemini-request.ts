import { formatSystemText } from "./format-system-text.js";
import { prepareRequest } from "./prepare-request.js";
import type { BuildRequestOptions } from "./prepare-request.js";
import { formatToolResultText } from "./to-openai-input.js";
import type { BuiltRequest, JsonValue, MessageContent, PromptTurn } from "./types.js";

/** A part of a Gemini content. */
export type GeminiPart =
  | { text: string }
  | { functionCall: { id: string; name: string; args: { [key: string]: JsonValue } } }
  | {
      functionResponse: { id: string; name: string; response: { [key: string]: JsonValue } };
    }
  | { inlineData: { mimeType: string; data: string } }
  | { fileData: { mimeType: string; fileUri: string } };

/** The `generateContent` parameters (a subset of the SDK's `GenerateContentParameters`). */
export interface GeminiGenerateContentRequest {
  model: string;
  contents: { role: "user" | "model"; parts: GeminiPart[] }[];
  config: {
    systemInstruction: { parts: { text: string }[] };
    tools?: {
      functionDeclarations: {
        name: string;
        description?: string;
        parametersJsonSchema: JsonValue;
      }[];
    }[];
  };
}

/**
 * Builds a Google Gemini `generateContent` request: the system text as `systemInstruction`,
 * the history as `contents` (assistant → `model`; tool calls and results as `functionCall` /
 * `functionResponse` parts; reasoning items are not sent), tools sorted by name. Consecutive
 * messages of one role stay separate contents. Gemini caches repeated
 * prefixes implicitly; no breakpoints are placed.
 */
export function buildGeminiRequest(
  turn: PromptTurn,
  options: BuildRequestOptions = {},
): BuiltRequest<GeminiGenerateContentRequest> {
  const { conversation, model, tools, diagnostics } = prepareRequest(
    turn,
    options,
    "none",
    undefined,
  );
  const body: GeminiGenerateContentRequest = {
    model,
    contents: conversation.messages.map((message) => ({
      role: message.role === "assistant" ? "model" : "user",
      parts: message.content.flatMap((block) => toGeminiPart(block) ?? []),
    })),
    config: { systemInstruction: { parts: [{ text: formatSystemText(conversation) }] } },
  };
  if (tools.length > 0) {
    body.config.tools = [
      {
        functionDeclarations: tools.map((tool) => ({
          name: tool.name,
          ...(tool.description === undefined ? {} : { description: tool.description }),
          parametersJsonSchema: tool.inputSchema,
        })),
      },
    ];
  }
  return { body, conversation, diagnostics };
}

/** One neutral block as a Gemini part; reasoning items are not sent. */
function toGeminiPart(block: MessageContent): GeminiPart | undefined {
  switch (block.type) {
    case "text":
      return { text: block.text };
    case "tool-call":
      return { functionCall: { id: block.id, name: block.name, args: { ...block.input } } };
    case "tool-result": {
      const output =
        block.text === undefined && block.json !== undefined
          ? block.json
          : formatToolResultText(block.text, block.json);
      return {
        functionResponse: {
          id: block.id,
          name: block.name,
          response: block.isError === true ? { error: output } : { output },
        },
      };
    }
    case "image":
    case "document":
      return block.source.kind === "base64"
        ? { inlineData: { mimeType: block.mediaType, data: block.source.data } }
        : { fileData: { mimeType: block.mediaType, fileUri: block.source.url } };
    case "reasoning":
      return undefined;
  }
}
