import { throwInvalidArgument } from "./assert-argument.js";
import { formatCanonicalJson } from "./format-canonical-json.js";
import { ProvidersError } from "./providers-error.js";
import { neutralizeMarkerComments } from "./to-prompt-parts.js";
import type {
  Conversation,
  ConversationMessage,
  JsonValue,
  MessageContent,
  ToolResultContent,
} from "./types.js";

/** One tool result as the runtime hands it over; the tool's name is taken from its call. */
export interface ToolResultInput {
  /** The id of the tool call this answers. */
  readonly id: string;
  readonly text?: string;
  readonly json?: JsonValue;
  readonly isError?: boolean;
}

const IMAGE_TYPES: readonly string[] = Object.freeze([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
]);

function fail(fn: string, path: string, expected: string, value: unknown): never {
  return throwInvalidArgument(fn, path, expected, value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function assertJson(value: unknown, fn: string, path: string): void {
  try {
    formatCanonicalJson(value);
  } catch {
    fail(fn, path, "a JSON value", value);
  }
}

function assertSource(value: unknown, fn: string, path: string): void {
  const ok =
    isRecord(value) &&
    ((value.kind === "base64" && typeof value.data === "string") ||
      (value.kind === "url" && typeof value.url === "string"));
  if (!ok) fail(fn, path, '`{ kind: "base64", data }` or `{ kind: "url", url }`', value);
}

function assertReasoningItem(value: Record<string, unknown>, fn: string, path: string): void {
  const item = value.item;
  const anthropic =
    isRecord(item) &&
    ((item.type === "thinking" &&
      typeof item.thinking === "string" &&
      typeof item.signature === "string") ||
      (item.type === "redacted_thinking" && typeof item.data === "string"));
  const openai = isRecord(item) && item.type === "reasoning" && typeof item.id === "string";
  if (value.provider === "anthropic" ? !anthropic : value.provider === "openai" ? !openai : true) {
    fail(
      fn,
      `${path}.item`,
      'an Anthropic `thinking`/`redacted_thinking` block (provider "anthropic") or an OpenAI `reasoning` item (provider "openai"), as returned',
      item,
    );
  }
  assertJson(item, fn, `${path}.item`);
}

/** Checks one content block and quotes marker look-alikes in its text; returns a frozen copy. */
function toStoredContent(
  block: unknown,
  fn: string,
  path: string,
  conversation: Conversation,
): MessageContent {
  if (!isRecord(block)) return fail(fn, path, "a content block object", block);
  const quote = (text: string): string => neutralizeMarkerComments(text, conversation.profile);
  switch (block.type) {
    case "text":
      if (typeof block.text !== "string") fail(fn, `${path}.text`, "a string", block.text);
      return Object.freeze({ type: "text", text: quote(block.text) });
    case "tool-call":
      if (typeof block.id !== "string" || block.id === "")
        fail(fn, `${path}.id`, "a non-empty string", block.id);
      if (typeof block.name !== "string" || block.name === "")
        fail(fn, `${path}.name`, "a non-empty string", block.name);
      if (!isRecord(block.input)) fail(fn, `${path}.input`, "a JSON object", block.input);
      assertJson(block.input, fn, `${path}.input`);
      return Object.freeze({ ...(block as unknown as MessageContent) });
    case "image":
      if (typeof block.mediaType !== "string" || !IMAGE_TYPES.includes(block.mediaType))
        fail(
          fn,
          `${path}.mediaType`,
          "image/png, image/jpeg, image/gif or image/webp",
          block.mediaType,
        );
      assertSource(block.source, fn, `${path}.source`);
      return Object.freeze({ ...(block as unknown as MessageContent) });
    case "document":
      if (block.mediaType !== "application/pdf")
        fail(fn, `${path}.mediaType`, '"application/pdf"', block.mediaType);
      assertSource(block.source, fn, `${path}.source`);
      return Object.freeze({ ...(block as unknown as MessageContent) });
    case "reasoning":
      assertReasoningItem(block, fn, path);
      return Object.freeze({ ...(block as unknown as MessageContent) });
    default:
      return fail(
        fn,
        `${path}.type`,
        '"text", "tool-call", "image", "document" or "reasoning" (tool results go through appendToolResults)',
        block.type,
      );
  }
}

function appendMessage(conversation: Conversation, message: ConversationMessage): Conversation {
  return Object.freeze({
    ...conversation,
    messages: Object.freeze([...conversation.messages, Object.freeze(message)]),
  });
}

/**
 * Appends an assistant message with any content: text, tool calls, reasoning items (replayed byte
 * for byte), images. Consecutive assistant messages are accepted (see the providers README for
 * how each builder sends them). Throws `PROVIDERS_INVALID_ARGUMENT` on a malformed block.
 */
export function appendAssistantMessage(
  conversation: Conversation,
  content: readonly MessageContent[],
): Conversation {
  const fn = "appendAssistantMessage";
  if (!Array.isArray(content) || content.length === 0) {
    fail(fn, "content", "a non-empty array of content blocks", content);
  }
  const stored = content.map((block, index) =>
    toStoredContent(block, fn, `content[${index}]`, conversation),
  );
  return appendMessage(conversation, { role: "assistant", content: Object.freeze(stored) });
}

/** The unanswered tool calls, newest first, searched back to the newest user text. */
function findOpenCalls(conversation: Conversation): Map<string, string> {
  const open = new Map<string, string>();
  const answered = new Set<string>();
  for (let index = conversation.messages.length - 1; index >= 0; index--) {
    const message = conversation.messages[index]!;
    for (const block of message.content) {
      if (block.type === "tool-result") answered.add(block.id);
      if (block.type === "tool-call" && !answered.has(block.id)) open.set(block.id, block.name);
    }
    if (message.role === "user" && message.content.some((block) => block.type === "text")) break;
  }
  return open;
}

/**
 * Appends the results of the newest tool calls as one user message (how every provider expects
 * them: right after the calls). Each result names its call by `id`; a result for a call that was
 * never made, or was already answered, throws `PROVIDERS_BAD_ORDER`.
 */
export function appendToolResults(
  conversation: Conversation,
  results: readonly ToolResultInput[],
): Conversation {
  const fn = "appendToolResults";
  if (!Array.isArray(results) || results.length === 0) {
    fail(fn, "results", "a non-empty array of `{ id, text?, json?, isError? }`", results);
  }
  const open = findOpenCalls(conversation);
  const stored = results.map((result, index): ToolResultContent => {
    const path = `results[${index}]`;
    if (!isRecord(result)) return fail(fn, path, "an object `{ id, text?, json? }`", result);
    const checked = result as unknown as ToolResultInput;
    const name = open.get(checked.id);
    if (name === undefined) {
      throw new ProvidersError(
        "PROVIDERS_BAD_ORDER",
        `${fn}: ${path}.id "${String(result.id)}" answers no open tool call of the newest assistant messages.`,
        {
          path: `${path}.id`,
          hint: "Append the assistant message with the tool call (appendAssistantMessage) first, and answer each call once.",
        },
      );
    }
    open.delete(checked.id);
    if (result.text === undefined && result.json === undefined) {
      fail(fn, path, "a result with text, json or both", result);
    }
    if (result.text !== undefined && typeof result.text !== "string") {
      fail(fn, `${path}.text`, "a string", result.text);
    }
    if (result.json !== undefined) assertJson(result.json, fn, `${path}.json`);
    const { text, json, isError } = checked;
    return Object.freeze({
      type: "tool-result" as const,
      id: checked.id,
      name,
      ...(text === undefined ? {} : { text: neutralizeMarkerComments(text, conversation.profile) }),
      ...(json === undefined ? {} : { json }),
      ...(isError === true ? { isError: true } : {}),
    });
  });
  return appendMessage(conversation, { role: "user", content: Object.freeze(stored) });
}
