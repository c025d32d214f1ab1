import { formatSystemText } from "./format-system-text.js";
import { prepareRequest } from "./prepare-request.js";
import type { BuildRequestOptions } from "./prepare-request.js";
import type { BuiltRequest, JsonValue, PromptTurn } from "./types.js";

/** The `generateContent` parameters (a subset of the SDK's `GenerateContentParameters`). */
export interface GeminiGenerateContentRequest {
  model: string;
  contents: { role: "user" | "model"; parts: { text: string }[] }[];
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
 * the history as `contents` (assistant → `model`), tools sorted by name. Gemini caches repeated
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
      parts: message.blocks.map((text) => ({ text })),
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
