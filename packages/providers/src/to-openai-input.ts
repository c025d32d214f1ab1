import { formatCanonicalJson } from "./format-canonical-json.js";
import { joinBlocks } from "./format-system-text.js";
import type {
  Conversation,
  DocumentContent,
  ImageContent,
  JsonValue,
  TextContent,
  ToolResultContent,
} from "./types.js";

/** A content part of a Responses input message. */
export type OpenAIResponsesInputContent =
  | { type: "input_text"; text: string }
  | { type: "input_image"; image_url: string; detail: "auto" }
  | { type: "input_file"; file_data?: string; file_url?: string; filename?: string };

/** A Responses input message: text-only content is one string (blocks joined by a blank line). */
export interface OpenAIResponsesInputMessage {
  role: "user" | "assistant";
  content: string | OpenAIResponsesInputContent[];
}

/** A `function_call` item: a call the model made (`arguments` is the input's JSON). */
export interface OpenAIFunctionCallItem {
  type: "function_call";
  call_id: string;
  name: string;
  arguments: string;
}

/** A `function_call_output` item: the runtime's answer to one call. */
export interface OpenAIFunctionCallOutputItem {
  type: "function_call_output";
  call_id: string;
  output: string;
}

/** A `reasoning` item, replayed exactly as the model returned it. */
export interface OpenAIReasoningItem {
  type: "reasoning";
  id: string;
  summary: { type: "summary_text"; text: string }[];
  encrypted_content?: string | null;
}

/** One item of the Responses `input`. */
export type OpenAIResponsesInputItem =
  | OpenAIResponsesInputMessage
  | OpenAIFunctionCallItem
  | OpenAIFunctionCallOutputItem
  | OpenAIReasoningItem;

/** A media block as a data URL or its URL. */
export function toDataUrl(block: ImageContent | DocumentContent): string {
  return block.source.kind === "base64"
    ? `data:${block.mediaType};base64,${block.source.data}`
    : block.source.url;
}

/**
 * A tool result as one string (what OpenAI's and Gemini's text outputs carry): the text, the
 * canonical JSON, or both separated by a blank line. OpenAI has no error flag: an error's text
 * says so itself.
 */
export function formatToolResultText(
  text: string | undefined,
  json: JsonValue | undefined,
): string {
  const jsonText = json === undefined ? undefined : formatCanonicalJson(json);
  if (text !== undefined && jsonText !== undefined) return `${text}\n\n${jsonText}`;
  return text ?? jsonText ?? "";
}

/** The call's input as the `arguments` string: its JSON, keys as the model produced them. */
export function formatToolArguments(input: { readonly [key: string]: JsonValue }): string {
  return JSON.stringify(input);
}

/** The blocks a Responses message carries; every other block is an item of its own. */
type MessageRunContent = TextContent | ImageContent | DocumentContent;

function toResponsesContent(block: MessageRunContent): OpenAIResponsesInputContent {
  switch (block.type) {
    case "text":
      return { type: "input_text", text: block.text };
    case "image":
      return { type: "input_image", image_url: toDataUrl(block), detail: "auto" };
    case "document":
      return block.source.kind === "base64"
        ? {
            type: "input_file",
            file_data: toDataUrl(block),
            filename: block.title ?? "document.pdf",
          }
        : { type: "input_file", file_url: block.source.url };
  }
}

function toResultItem(block: ToolResultContent): OpenAIFunctionCallOutputItem {
  return {
    type: "function_call_output",
    call_id: block.id,
    output: formatToolResultText(block.text, block.json),
  };
}

/**
 * The history as Responses `input` items, in order: text (and media) runs become messages (text
 * only: one string, as before tool support), tool calls `function_call` items, tool results
 * `function_call_output` items, OpenAI reasoning items replayed as received. Consecutive
 * messages of one role stay separate items. Anthropic reasoning is not sent.
 */
export function toOpenAIResponsesInput(conversation: Conversation): OpenAIResponsesInputItem[] {
  const items: OpenAIResponsesInputItem[] = [];
  for (const message of conversation.messages) {
    let run: MessageRunContent[] = [];
    const flush = (): void => {
      if (run.length === 0) return;
      const texts = run.flatMap((block) => (block.type === "text" ? [block.text] : []));
      items.push({
        role: message.role,
        content: texts.length === run.length ? joinBlocks(texts) : run.map(toResponsesContent),
      });
      run = [];
    };
    for (const block of message.content) {
      if (block.type === "text" || block.type === "image" || block.type === "document") {
        run.push(block);
        continue;
      }
      flush();
      if (block.type === "tool-call") {
        items.push({
          type: "function_call",
          call_id: block.id,
          name: block.name,
          arguments: formatToolArguments(block.input),
        });
      } else if (block.type === "tool-result") {
        items.push(toResultItem(block));
      } else if (block.provider === "openai") {
        items.push(block.item as unknown as OpenAIReasoningItem);
      }
    }
    flush();
  }
  return items;
}
