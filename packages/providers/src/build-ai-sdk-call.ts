import { prepareRequest } from "./prepare-request.js";
import type { BuildRequestOptions } from "./prepare-request.js";
import type { CacheProvider } from "./resolve-cache-rules.js";
import { formatToolResultText, toDataUrl } from "./to-openai-input.js";
import type { BuiltRequest, JsonValue, MessageContent, PromptTurn } from "./types.js";

/** `providerOptions` as the AI SDK types it: provider name → options. */
export type AiSdkProviderOptions = Record<string, Record<string, JsonValue>>;

/** A system message of the AI SDK. */
export interface AiSdkSystemMessage {
  role: "system";
  content: string;
  providerOptions?: AiSdkProviderOptions;
}

interface AiSdkPartBase {
  providerOptions?: AiSdkProviderOptions;
}

/** A text part. */
export interface AiSdkTextPart extends AiSdkPartBase {
  type: "text";
  text: string;
}

/** An image part (a data URL or a URL). */
export interface AiSdkImagePart extends AiSdkPartBase {
  type: "image";
  image: string;
  mediaType: string;
}

/** A file part (a PDF; a data URL or a URL). */
export interface AiSdkFilePart extends AiSdkPartBase {
  type: "file";
  data: string;
  mediaType: string;
  filename?: string;
}

/** A tool-call part of an assistant message. */
export interface AiSdkToolCallPart extends AiSdkPartBase {
  type: "tool-call";
  toolCallId: string;
  toolName: string;
  input: JsonValue;
}

/** A reasoning part (Anthropic thinking: the signature travels in `providerOptions`). */
export interface AiSdkReasoningPart extends AiSdkPartBase {
  type: "reasoning";
  text: string;
}

/** A tool-result part of a tool message. */
export interface AiSdkToolResultPart extends AiSdkPartBase {
  type: "tool-result";
  toolCallId: string;
  toolName: string;
  output:
    | { type: "text" | "error-text"; value: string }
    | { type: "json" | "error-json"; value: JsonValue };
}

/** A user message. */
export interface AiSdkUserMessage {
  role: "user";
  content: (AiSdkTextPart | AiSdkImagePart | AiSdkFilePart)[];
}

/** An assistant message. */
export interface AiSdkAssistantMessage {
  role: "assistant";
  content: (AiSdkTextPart | AiSdkFilePart | AiSdkToolCallPart | AiSdkReasoningPart)[];
}

/** A tool message: the results of tool calls. */
export interface AiSdkToolMessage {
  role: "tool";
  content: AiSdkToolResultPart[];
}

/** A message of the call. */
export type AiSdkMessage = AiSdkUserMessage | AiSdkAssistantMessage | AiSdkToolMessage;

/** The `system` and `messages` arguments of `generateText` / `streamText` (AI SDK 6). */
export interface AiSdkCall {
  system: AiSdkSystemMessage[];
  messages: AiSdkMessage[];
}

/** Options of `buildAiSdkCall`. */
export interface BuildAiSdkCallOptions extends BuildRequestOptions {
  /**
   * Which provider's cache rules to check and mark. `anthropic` (default) adds
   * `providerOptions.anthropic.cacheControl` at the breakpoints; `openai` caches automatically.
   */
  readonly provider?: CacheProvider;
}

/**
 * Builds the `system` and `messages` for the Vercel AI SDK. With Anthropic, the breakpoints of
 * `buildAnthropicRequest` become `providerOptions.anthropic.cacheControl` on the system message
 * that ends the stable text and on the newest message's last part. Tool results become `tool`
 * messages of `tool-result` parts (JSON output when there is no text); Anthropic
 * thinking becomes `reasoning` parts with the signature in `providerOptions`. The turn's tools are not
 * part of the call: the AI SDK takes a `ToolSet` that holds their executors; build it from
 * `turn.tools`, sorted by name.
 */
export function buildAiSdkCall(
  turn: PromptTurn,
  options: BuildAiSdkCallOptions,
): BuiltRequest<AiSdkCall> {
  const provider = options.provider ?? "anthropic";
  // The AI SDK takes tools with their implementations, apart from the messages.
  const { conversation, plan, diagnostics } = prepareRequest(
    { ...turn, tools: [] },
    options,
    provider === "anthropic" ? "explicit" : "none",
    provider,
  );
  const cache: AiSdkProviderOptions = {
    anthropic: { cacheControl: { type: "ephemeral" } },
  };
  const body: AiSdkCall = { system: [], messages: [] };
  // A user message's tool results go in a tool message of their own, ahead of its other parts.
  let open: { index: number; role: AiSdkMessage["role"] } | undefined;
  for (const segment of plan.segments) {
    const { ref } = segment;
    const marked = segment.breakpoint ? { providerOptions: cache } : {};
    if (ref.area === "system") {
      body.system.push({ role: "system", content: plan.parts[ref.part], ...marked });
      continue;
    }
    if (ref.area !== "messages") continue;
    const message = conversation.messages[ref.message]!;
    const part = toAiSdkPart(message.content[ref.block]!);
    if (part === undefined) continue;
    const role = part.type === "tool-result" ? "tool" : message.role;
    if (ref.block === 0 || open?.role !== role) {
      open = { index: body.messages.length, role };
      body.messages.push({ role, content: [] });
    }
    (body.messages[open.index]!.content as { providerOptions?: AiSdkProviderOptions }[]).push({
      ...part,
      ...marked,
    });
  }
  return { body, conversation, diagnostics };
}

type AiSdkPart = AiSdkMessage["content"][number];

/** One neutral block as an AI SDK part; an OpenAI reasoning item is not sent. */
function toAiSdkPart(block: MessageContent): AiSdkPart | undefined {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "tool-call":
      return { type: "tool-call", toolCallId: block.id, toolName: block.name, input: block.input };
    case "tool-result":
      return {
        type: "tool-result",
        toolCallId: block.id,
        toolName: block.name,
        output:
          block.text !== undefined || block.json === undefined
            ? {
                type: block.isError === true ? "error-text" : "text",
                value: formatToolResultText(block.text, block.json),
              }
            : { type: block.isError === true ? "error-json" : "json", value: block.json },
      };
    case "image":
      return { type: "image", image: toDataUrl(block), mediaType: block.mediaType };
    case "document":
      return {
        type: "file",
        data: toDataUrl(block),
        mediaType: block.mediaType,
        ...(block.title === undefined ? {} : { filename: block.title }),
      };
    case "reasoning":
      return toAiSdkReasoning(block.provider, block.item);
  }
}

function toAiSdkReasoning(
  provider: "anthropic" | "openai",
  item: { readonly [key: string]: JsonValue },
): AiSdkReasoningPart | undefined {
  if (provider !== "anthropic") return undefined;
  if (item["type"] === "redacted_thinking") {
    return {
      type: "reasoning",
      text: "",
      providerOptions: { anthropic: { redactedData: item["data"] ?? "" } },
    };
  }
  return {
    type: "reasoning",
    text: typeof item["thinking"] === "string" ? item["thinking"] : "",
    providerOptions: { anthropic: { signature: item["signature"] ?? "" } },
  };
}
