import { formatCanonicalJson } from "./format-canonical-json.js";
import type { UsageProvider } from "./normalize-usage.js";

/** Where a part of a request body sits in the provider's serialization order. */
export type RequestBodyPartRef =
  | { readonly area: "tools"; readonly index: number; readonly name: string }
  | { readonly area: "system"; readonly index: number }
  | { readonly area: "messages"; readonly index: number; readonly block: number };

/** One cacheable part of a request body: its place and the text it is compared by. */
export interface RequestBodyPart {
  readonly ref: RequestBodyPartRef;
  /** The text of a text block, else the canonical JSON of the part (cache annotations removed). */
  readonly text: string;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function list(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Cache annotations are not content: they never make two requests differ. */
function withoutCacheAnnotations(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.filter((item) => !isCachePoint(item)).map(withoutCacheAnnotations);
  }
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "cache_control" || key === "prompt_cache_breakpoint" || item === undefined)
      continue;
    out[key] = withoutCacheAnnotations(item);
  }
  return out;
}

function isCachePoint(value: unknown): boolean {
  return isRecord(value) && "cachePoint" in value && Object.keys(value).length === 1;
}

function canonical(value: unknown): string {
  try {
    return formatCanonicalJson(withoutCacheAnnotations(value));
  } catch {
    // A value JSON cannot carry (NaN) still compares by its plain text.
    return String(JSON.stringify(value));
  }
}

/** A text block's text (a string, `{type:"text",text}`, `{text}`, `input_text`/`output_text`). */
function blockText(block: unknown): string {
  if (typeof block === "string") return block;
  if (isRecord(block) && typeof block.text === "string") {
    const rest = Object.keys(withoutCacheAnnotations(block) as Json).filter(
      (key) => key !== "text" && key !== "type",
    );
    const type = block.type;
    const plainType =
      type === undefined || type === "text" || type === "input_text" || type === "output_text";
    if (rest.length === 0 && plainType) return block.text;
  }
  return canonical(block);
}

function contentBlocks(content: unknown): readonly unknown[] {
  if (typeof content === "string") return [content];
  return list(content).filter((block) => !isCachePoint(block));
}

function messageParts(
  messages: readonly unknown[],
  contentKey: string,
  first: number,
): RequestBodyPart[] {
  const parts: RequestBodyPart[] = [];
  messages.forEach((message, offset) => {
    const index = first + offset;
    if (!isRecord(message) || !(contentKey in message)) {
      // A non-message item (a Responses function call or its output): one block.
      parts.push({ ref: { area: "messages", index, block: 0 }, text: canonical(message) });
      return;
    }
    const role = typeof message.role === "string" ? message.role : "";
    const blocks = contentBlocks(message[contentKey]);
    // Fields beside the content (Chat `tool_calls`, `tool_call_id`) are one more block.
    const extra = Object.keys(message).filter((key) => key !== "role" && key !== contentKey);
    const all =
      extra.length === 0
        ? blocks
        : [...blocks, Object.fromEntries(extra.map((key) => [key, message[key]]))];
    all.forEach((block, blockIndex) => {
      // The role opens the message: a role change differs at the message's first byte.
      const text = blockText(block);
      parts.push({
        ref: { area: "messages", index, block: blockIndex },
        text: blockIndex === 0 ? `${role}\u0000${text}` : text,
      });
    });
  });
  return parts;
}

function toolParts(tools: readonly unknown[], nameOf: (tool: Json) => unknown): RequestBodyPart[] {
  return tools
    .filter((tool) => !isCachePoint(tool))
    .map((tool, index) => {
      const name = isRecord(tool) ? nameOf(tool) : undefined;
      return {
        ref: {
          area: "tools" as const,
          index,
          name: typeof name === "string" ? name : `tools[${index}]`,
        },
        text: canonical(tool),
      };
    });
}

function systemParts(blocks: readonly unknown[]): RequestBodyPart[] {
  return blocks.map((block, index) => ({ ref: { area: "system", index }, text: blockText(block) }));
}

function anthropicParts(body: Json): RequestBodyPart[] {
  return [
    ...toolParts(list(body.tools), (tool) => tool.name),
    ...systemParts(contentBlocks(body.system)),
    ...messageParts(list(body.messages), "content", 0),
  ];
}

function bedrockParts(body: Json): RequestBodyPart[] {
  const toolConfig = isRecord(body.toolConfig) ? body.toolConfig : {};
  return [
    ...toolParts(list(toolConfig.tools), (tool) =>
      isRecord(tool.toolSpec) ? tool.toolSpec.name : undefined,
    ),
    ...systemParts(contentBlocks(body.system)),
    ...messageParts(list(body.messages), "content", 0),
  ];
}

function responsesParts(body: Json): RequestBodyPart[] {
  const input =
    typeof body.input === "string" ? [{ role: "user", content: body.input }] : body.input;
  return [
    ...toolParts(list(body.tools), (tool) => tool.name ?? tool.type),
    ...(typeof body.instructions === "string" ? systemParts([body.instructions]) : []),
    ...messageParts(list(input), "content", 0),
  ];
}

function chatParts(body: Json): RequestBodyPart[] {
  const messages = list(body.messages);
  let leading = 0;
  while (
    leading < messages.length &&
    isRecord(messages[leading]) &&
    ((messages[leading] as Json).role === "system" ||
      (messages[leading] as Json).role === "developer")
  ) {
    leading++;
  }
  const system = messages
    .slice(0, leading)
    .flatMap((message) => contentBlocks((message as Json).content));
  return [
    ...toolParts(list(body.tools), (tool) =>
      isRecord(tool.function) ? tool.function.name : tool.type,
    ),
    ...systemParts(system),
    ...messageParts(messages.slice(leading), "content", 0),
  ];
}

function geminiParts(body: Json): RequestBodyPart[] {
  // The SDK's GenerateContentParameters keep tools and systemInstruction in `config`; REST
  // bodies keep them at the top level.
  const config = isRecord(body.config) ? body.config : body;
  const tools = list(config.tools).flatMap((tool) =>
    isRecord(tool) && Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : [tool],
  );
  const instruction = config.systemInstruction;
  const system =
    typeof instruction === "string"
      ? [instruction]
      : isRecord(instruction)
        ? contentBlocks(instruction.parts)
        : [];
  return [
    ...toolParts(tools, (tool) => tool.name ?? Object.keys(tool)[0]),
    ...systemParts(system),
    ...messageParts(list(body.contents), "parts", 0),
  ];
}

/**
 * Splits a request body, as sent, into its cacheable parts in the provider's serialization
 * order: Anthropic tools → system → messages; OpenAI Responses tools, instructions, input; Chat
 * tools, then messages (leading system/developer messages are the system part); Bedrock
 * toolConfig, system, messages; Gemini tools, systemInstruction, contents. Cache annotations
 * (`cache_control`, `cachePoint` blocks, `prompt_cache_breakpoint`) are left out. Message
 * indices count from the first non-system message. Never throws: an unknown shape gives fewer
 * parts.
 */
export function toRequestBodyParts(provider: UsageProvider, body: unknown): RequestBodyPart[] {
  if (!isRecord(body)) return [];
  switch (provider) {
    case "anthropic":
      return anthropicParts(body);
    case "bedrock":
      return bedrockParts(body);
    case "openai-responses":
      return responsesParts(body);
    case "openai-chat":
      return chatParts(body);
    case "gemini":
      return geminiParts(body);
  }
}
