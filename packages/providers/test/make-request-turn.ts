/**
 * Test helper: a small hand-made turn (a rules text, the cache-boundary marker, a facts text), so
 * a request builder's whole output can be written out literally in a unit test.
 */
import { OPENCLAW_PRODUCT_PROFILE } from "@promptstack/renderer";
import type { Tool, TurnInput } from "@promptstack/renderer";
import { appendAssistantReply } from "../src/append-assistant-reply.js";
import { buildAnthropicRequest } from "../src/build-anthropic-request.js";
import { appendAssistantMessage, appendToolResults } from "../src/append-conversation-message.js";
import type { Conversation, MessageContent, PromptTurn } from "../src/types.js";

const BOUNDARY = "\n<!-- OPENCLAW_CACHE_BOUNDARY -->\n";

/** Options of `makeRequestTurn`. */
export interface MakeRequestTurnOptions {
  readonly rules?: string;
  readonly facts?: string;
  readonly factsLocation?: PromptTurn["factsLocation"];
  readonly tools?: readonly Tool[];
  readonly modelId?: string;
  readonly agentId?: string;
  readonly turnInput?: TurnInput;
}

/**
 * A turn whose stable text is `rules` (default `RULES`) and whose per-turn facts are `facts`
 * (default `FACTS`; "" for none), with the facts in the system text by default.
 */
export function makeRequestTurn(options: MakeRequestTurnOptions = {}): PromptTurn {
  const rules = options.rules ?? "RULES";
  const facts = options.facts ?? "FACTS";
  const text = facts === "" ? rules : `${rules}${BOUNDARY}${facts}`;
  return {
    prompt: { text, sections: [], boundary: facts === "" ? -1 : rules.length },
    profile: OPENCLAW_PRODUCT_PROFILE,
    factsLocation: options.factsLocation ?? "system-prompt",
    tools: options.tools ?? [],
    modelId: options.modelId ?? "claude-sonnet-4-5",
    ...(options.agentId === undefined ? {} : { agentId: options.agentId }),
    ...(options.turnInput === undefined ? {} : { turnInput: options.turnInput }),
  };
}

/** A 1x1 PNG's bytes, base64. */
export const PNG_BASE64 = "iVBORw0KGgo=";
/** A PDF's first bytes, base64 (`%PDF-1.4`). */
export const PDF_BASE64 = "JVBERi0xLjQ=";

/**
 * Every kind of content block after the first user turn: an assistant message that opens with an
 * OpenAI reasoning item (not sent to the others), then thinking, a redacted block, text and tool calls; their results (text, JSON,
 * both, an error as text, an error as JSON); then an assistant reply with an image and a document of each source.
 */
export function growWithEveryBlock(conversation: Conversation): Conversation {
  const assistant: MessageContent[] = [
    {
      type: "reasoning",
      provider: "openai",
      item: { type: "reasoning", id: "rs_1", encrypted_content: "enc" },
    },
    {
      type: "reasoning",
      provider: "anthropic",
      item: { type: "thinking", thinking: "plan", signature: "sig" },
    },
    { type: "reasoning", provider: "anthropic", item: { type: "redacted_thinking", data: "AAEC" } },
    { type: "text", text: "calling" },
    { type: "tool-call", id: "c1", name: "read", input: { path: "a.md" } },
    { type: "tool-call", id: "c2", name: "exec", input: { cmd: "ls" } },
    { type: "tool-call", id: "c3", name: "read", input: { path: "b.md" } },
    { type: "tool-call", id: "c4", name: "exec", input: { cmd: "rm" } },
    { type: "tool-call", id: "c5", name: "exec", input: {} },
  ];
  let next = appendAssistantMessage(conversation, assistant);
  next = appendToolResults(next, [
    { id: "c1", text: "alpha" },
    { id: "c2", json: { files: ["x"] } },
    { id: "c3", text: "beta", json: { n: 1 } },
    { id: "c4", text: "denied", isError: true },
    { id: "c5", json: { code: 2 }, isError: true },
  ]);
  next = appendAssistantMessage(next, [
    { type: "image", mediaType: "image/png", source: { kind: "base64", data: PNG_BASE64 } },
    {
      type: "document",
      mediaType: "application/pdf",
      source: { kind: "base64", data: PDF_BASE64 },
      title: "spec.pdf",
    },
    {
      type: "document",
      mediaType: "application/pdf",
      source: { kind: "base64", data: PDF_BASE64 },
    },
  ]);
  return appendAssistantReply(next, "done");
}

/** An assistant reply with an image and a document given by URL, then a reply. */
export function growWithUrlMedia(conversation: Conversation): Conversation {
  const next = appendAssistantMessage(conversation, [
    {
      type: "image",
      mediaType: "image/webp",
      source: { kind: "url", url: "https://x.test/a.webp" },
    },
    {
      type: "document",
      mediaType: "application/pdf",
      source: { kind: "url", url: "https://x.test/b.pdf" },
      title: "b.pdf",
    },
  ]);
  return appendAssistantReply(next, "seen");
}

/**
 * The request builders' shared case: a turn with two tools (`read` with a description, `exec`
 * without) and a history of every kind of block (`growWithEveryBlock`, then `growWithUrlMedia`)
 * after a first request that sent "hi".
 */
export function makeBuilderFixture(modelId?: string): {
  turn: PromptTurn;
  history: Conversation;
} {
  const turn = makeRequestTurn({
    tools: [{ name: "read", description: "Reads a file." }, { name: "exec" }],
    ...(modelId === undefined ? {} : { modelId }),
  });
  const first = buildAnthropicRequest(turn, { userText: "hi", maxTokens: 64 }).conversation;
  return { turn, history: growWithUrlMedia(growWithEveryBlock(first)) };
}
