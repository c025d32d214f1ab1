import { prepareRequest } from "./prepare-request.js";
import type { BuildRequestOptions, PreparedRequest } from "./prepare-request.js";
import { formatCanonicalJson } from "./format-canonical-json.js";
import type {
  BuiltRequest,
  JsonValue,
  MediaSource,
  MessageContent,
  PromptTurn,
  ToolInputSchema,
} from "./types.js";

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

/** A `tool_use` block: a call the model made. */
export interface AnthropicToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: { [key: string]: JsonValue };
  cache_control?: AnthropicCacheControl;
}

/** A `tool_result` block: the runtime's answer to one call. */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string | { type: "text"; text: string }[];
  is_error?: boolean;
  cache_control?: AnthropicCacheControl;
}

type AnthropicSource<MediaType extends string> =
  { type: "base64"; media_type: MediaType; data: string } | { type: "url"; url: string };

/** An image block. */
export interface AnthropicImageBlock {
  type: "image";
  source: AnthropicSource<"image/png" | "image/jpeg" | "image/gif" | "image/webp">;
  cache_control?: AnthropicCacheControl;
}

/** A PDF document block. */
export interface AnthropicDocumentBlock {
  type: "document";
  source: AnthropicSource<"application/pdf">;
  title?: string;
  cache_control?: AnthropicCacheControl;
}

/** A thinking block, replayed exactly as the model returned it. */
export type AnthropicThinkingBlock =
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "redacted_thinking"; data: string };

/** Any content block of a message. */
export type AnthropicContentBlock =
  | AnthropicTextBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock
  | AnthropicImageBlock
  | AnthropicDocumentBlock
  | AnthropicThinkingBlock;

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
  messages: { role: "user" | "assistant"; content: AnthropicContentBlock[] }[];
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
  const prepared = prepareRequest(turn, options, "explicit", "anthropic");
  return {
    body: formatAnthropicBody(prepared, options),
    conversation: prepared.conversation,
    diagnostics: prepared.diagnostics,
  };
}

/** The Messages body of a planned request (the simulation sends exactly this). */
export function formatAnthropicBody(
  prepared: PreparedRequest,
  options: Pick<BuildAnthropicRequestOptions, "maxTokens" | "ttl">,
): AnthropicMessagesRequest {
  const { conversation, model, plan, tools } = prepared;
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
      const block = toAnthropicContent(conversation.messages[ref.message]!.content[ref.block]!);
      if (block !== undefined) {
        body.messages[ref.message]!.content.push(
          block.type === "thinking" || block.type === "redacted_thinking"
            ? block
            : { ...block, ...cache },
        );
      }
    }
  }
  if (anthropicTools.length > 0) body.tools = anthropicTools;
  return body;
}

function toAnthropicSource<MediaType extends string>(
  source: MediaSource,
  mediaType: MediaType,
): AnthropicSource<MediaType> {
  return source.kind === "base64"
    ? { type: "base64", media_type: mediaType, data: source.data }
    : { type: "url", url: source.url };
}

/** The tool result's text: its text, its JSON (canonical), or both as two blocks. */
function toAnthropicToolResultContent(
  text: string | undefined,
  json: JsonValue | undefined,
): AnthropicToolResultBlock["content"] {
  const jsonText = json === undefined ? undefined : formatCanonicalJson(json);
  if (text !== undefined && jsonText !== undefined) {
    return [
      { type: "text", text },
      { type: "text", text: jsonText },
    ];
  }
  return text ?? jsonText ?? "";
}

/** One neutral block as Anthropic takes it; an OpenAI reasoning item is not sent. */
export function toAnthropicContent(block: MessageContent): AnthropicContentBlock | undefined {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "tool-call":
      return { type: "tool_use", id: block.id, name: block.name, input: { ...block.input } };
    case "tool-result":
      return {
        type: "tool_result",
        tool_use_id: block.id,
        content: toAnthropicToolResultContent(block.text, block.json),
        ...(block.isError === true ? { is_error: true } : {}),
      };
    case "image":
      return { type: "image", source: toAnthropicSource(block.source, block.mediaType) };
    case "document":
      return {
        type: "document",
        source: toAnthropicSource(block.source, block.mediaType),
        ...(block.title === undefined ? {} : { title: block.title }),
      };
    case "reasoning":
      // Replayed as received: the signature covers these exact bytes.
      return block.provider === "anthropic"
        ? (block.item as unknown as AnthropicThinkingBlock)
        : undefined;
  }
}
