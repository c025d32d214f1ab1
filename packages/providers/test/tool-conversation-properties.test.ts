/**
 * Properties over random tool-using conversations (text, tool calls and results, images,
 * reasoning items, consecutive user messages, compactions, forks), for every builder in the
 * turn-context layout:
 * - every request is a block-for-block prefix extension of the previous one in the provider's
 *   serialization order (tools, system, then each message block), cache annotations aside;
 *   after a compaction only the tools and system part are (the documented compaction point);
 * - never more than 4 breakpoints (Anthropic `cache_control`, Bedrock `cachePoint`, AI SDK
 *   `cacheControl`);
 * - every tool result comes after its call (Anthropic: in the next message);
 * - reasoning items reach their provider byte for byte;
 * - a fork keeps the lineage's `prompt_cache_key`.
 * A planted bug (tool results aged in place, a real peer's bug) proves the prefix property fails.
 */
import fc from "fast-check";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { Tool } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import {
  appendAssistantMessage,
  appendAssistantReply,
  appendToolResults,
  compactConversation,
  createConversation,
  forkConversation,
} from "../src/index.js";
import type { Conversation, MessageContent, ToolResultInput } from "../src/index.js";
import { buildAllRequests, toTestTurn } from "./fixture-conversation.js";
import type { BuiltBodies } from "./fixture-conversation.js";

const TOOLS: readonly Tool[] = [
  { name: "read", description: "Read a file.", parameters: { type: "object" } },
  { name: "search", description: "Search the web.", parameters: { type: "object" } },
];

const PNG = "iVBORw0KGgo=";

type Step =
  | { kind: "user"; text: string; hour: number }
  | {
      kind: "tools";
      lead: MessageContent[];
      calls: number;
      results: { text: string; json: boolean; error: boolean }[];
    }
  | { kind: "reply"; text: string }
  | { kind: "compact"; summary: string }
  | { kind: "fork" };

const text = fc.string({ maxLength: 30 });
const reasoning = fc.oneof(
  fc
    .tuple(text, fc.base64String({ minLength: 4, maxLength: 16 }))
    .map(([thinking, signature]): MessageContent => ({
      type: "reasoning",
      provider: "anthropic",
      item: { type: "thinking", thinking, signature },
    })),
  fc.base64String({ minLength: 4, maxLength: 16 }).map((data): MessageContent => ({
    type: "reasoning",
    provider: "anthropic",
    item: { type: "redacted_thinking", data },
  })),
  fc.tuple(fc.nat(99999), text).map(([id, encrypted]): MessageContent => ({
    type: "reasoning",
    provider: "openai",
    item: { type: "reasoning", id: `rs_${id}`, summary: [], encrypted_content: encrypted },
  })),
);
const lead = fc.array(
  fc.oneof(
    reasoning,
    text.map((t): MessageContent => ({ type: "text", text: t })),
    fc.constant<MessageContent>({
      type: "image",
      mediaType: "image/png",
      source: { kind: "base64", data: PNG },
    }),
  ),
  { maxLength: 3 },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("user" as const), text, hour: fc.nat(23) }),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        lead,
        fc.array(fc.record({ text, json: fc.boolean(), error: fc.boolean() }), {
          minLength: 1,
          maxLength: 25,
        }),
      )
      .map(([blocks, results]): Step => ({
        kind: "tools",
        lead: blocks,
        calls: results.length,
        results,
      })),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("reply" as const), text }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("compact" as const),
      summary: text.map((t) => `summary ${t}`),
    }),
  },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: "fork" }) },
);

function turnAt(hour: number) {
  const prompt = buildAgentSystemPrompt({
    sessionKind: "main",
    tools: [{ name: "read" }, { name: "search" }],
    workspaceDir: "/home/user/agent",
    runtimeFactsLocation: "user-message",
    volatile: {
      time: { date: "2026-11-29", time: `${String(hour).padStart(2, "0")}:00`, timeZone: "UTC" },
    },
  });
  return toTestTurn(prompt, { layout: "turn-context", tools: TOOLS });
}

type Json = Record<string, any>;

/** Cache markers only; reasoning `providerOptions` (signatures) stay. */
function stripMarkers(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((item) => !(typeof item === "object" && item !== null && "cachePoint" in item))
      .map(stripMarkers);
  }
  if (typeof value !== "object" || value === null || value instanceof Uint8Array) return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "cache_control") continue;
    if (
      key === "providerOptions" &&
      JSON.stringify(item) === '{"anthropic":{"cacheControl":{"type":"ephemeral"}}}'
    )
      continue;
    out[key] = stripMarkers(item);
  }
  return out;
}

/** The request as a list of blocks in serialization order: head first, then message blocks. */
function toBlocks(provider: string, body: unknown): { head: string; blocks: string[] } {
  const b = stripMarkers(body) as Json;
  const messageBlocks = (messages: Json[], key: string): string[] =>
    messages.flatMap((message) =>
      Array.isArray(message[key])
        ? (message[key] as unknown[]).map((block) => `${message.role}|${JSON.stringify(block)}`)
        : [JSON.stringify(message)],
    );
  switch (provider) {
    case "anthropic":
      return {
        head: JSON.stringify([b.tools, b.system]),
        blocks: messageBlocks(b.messages, "content"),
      };
    case "openai-responses":
      return {
        head: JSON.stringify([b.tools, b.instructions, b.prompt_cache_key]),
        blocks: messageBlocks(b.input, "none"),
      };
    case "openai-chat":
      return {
        head: JSON.stringify([b.tools, b.messages[0], b.prompt_cache_key]),
        blocks: messageBlocks(b.messages.slice(1), "none"),
      };
    case "ai-sdk":
      return { head: JSON.stringify(b.system), blocks: messageBlocks(b.messages, "content") };
    case "bedrock":
      return {
        head: JSON.stringify([b.toolConfig, b.system]),
        blocks: messageBlocks(b.messages, "content"),
      };
    case "gemini":
      return {
        head: JSON.stringify([b.config.tools, b.config.systemInstruction]),
        blocks: messageBlocks(b.contents, "parts"),
      };
    default:
      throw new Error(`unknown provider ${provider}`);
  }
}

function countBreakpoints(body: unknown): number {
  const json = JSON.stringify(body);
  return (
    (json.match(/"cache_control":/g) ?? []).length +
    (json.match(/"cachePoint":/g) ?? []).length +
    (json.match(/"cacheControl":/g) ?? []).length
  );
}

function checkToolOrder(body: Json): string | undefined {
  const messages = body.messages as Json[];
  for (let index = 0; index < messages.length; index++) {
    for (const block of messages[index]!.content as Json[]) {
      if (block.type !== "tool_result") continue;
      const previous = (messages[index - 1]?.content ?? []) as Json[];
      if (!previous.some((b) => b.type === "tool_use" && b.id === block.tool_use_id)) {
        return `tool_result ${block.tool_use_id} does not follow its tool_use`;
      }
    }
  }
  return undefined;
}

type Build = (
  turn: ReturnType<typeof turnAt>,
  conversation: Conversation,
  userText: string | undefined,
) => BuiltBodies;

/** Plays the steps; returns the first broken property, or undefined. */
function play(steps: readonly Step[], build: Build): string | undefined {
  let conversation = createConversation();
  let turn = turnAt(0);
  let previous: Record<string, { head: string; blocks: string[] }> | undefined;
  let compacted = false;
  let key: string | undefined;
  let callCount = 0;
  const reasoningSent: MessageContent[] = [];
  const send = (userText: string | undefined): string | undefined => {
    const bodies = build(turn, conversation, userText);
    conversation = bodies["anthropic"]!.conversation;
    const current: Record<string, { head: string; blocks: string[] }> = {};
    for (const [provider, built] of Object.entries(bodies)) {
      const view = toBlocks(provider, built.body);
      current[provider] = view;
      const before = previous?.[provider];
      if (before !== undefined) {
        if (before.head !== view.head) return `${provider}: tools or system changed`;
        if (!compacted) {
          const broken = before.blocks.findIndex((block, index) => view.blocks[index] !== block);
          if (broken !== -1) return `${provider}: message block ${broken} was rewritten`;
        }
      }
      if (countBreakpoints(built.body) > 4) return `${provider}: more than 4 breakpoints`;
    }
    const anthropic = bodies["anthropic"]!.body as Json;
    const order = checkToolOrder(anthropic);
    if (order !== undefined) return order;
    const responses = JSON.stringify((bodies["openai-responses"]!.body as Json).input);
    const messages = JSON.stringify(anthropic.messages);
    for (const item of reasoningSent) {
      if (item.type !== "reasoning") continue;
      const bytes = JSON.stringify(item.item);
      const target = item.provider === "anthropic" ? messages : responses;
      if (!target.includes(bytes))
        return `a ${item.provider} reasoning item was not replayed byte for byte`;
    }
    const cacheKey = (bodies["openai-responses"]!.body as Json).prompt_cache_key as string;
    if (key !== undefined && cacheKey !== key)
      return "the prompt_cache_key changed within the lineage";
    key = cacheKey;
    previous = current;
    compacted = false;
    return undefined;
  };
  for (const item of steps) {
    let problem: string | undefined;
    if (item.kind === "user") {
      turn = turnAt(item.hour);
      problem = send(item.text);
    } else if (item.kind === "tools") {
      if (conversation.prompt === undefined) continue;
      const ids = item.results.map(() => `call_${++callCount}`);
      conversation = appendAssistantMessage(conversation, [
        ...item.lead,
        ...ids.map((id, index): MessageContent => ({
          type: "tool-call",
          id,
          name: TOOLS[index % 2]!.name,
          input: { query: `q${index}` },
        })),
      ]);
      reasoningSent.push(...item.lead.filter((block) => block.type === "reasoning"));
      const results: ToolResultInput[] = item.results.map((result, index) => ({
        id: ids[index]!,
        ...(result.json ? { json: { value: result.text } } : { text: result.text }),
        ...(result.error ? { isError: true } : {}),
      }));
      conversation = appendToolResults(conversation, results);
      problem = send(undefined);
    } else if (item.kind === "reply") {
      if (conversation.messages.length > 0)
        conversation = appendAssistantReply(conversation, item.text || "ok");
    } else if (item.kind === "compact") {
      if (conversation.messages.length === 0) continue;
      conversation = compactConversation(conversation, { summary: item.summary });
      reasoningSent.length = 0;
      compacted = true;
    } else {
      conversation = forkConversation(conversation);
    }
    if (problem !== undefined) return problem;
  }
  return undefined;
}

const steps = fc.array(step, { minLength: 1, maxLength: 14 });

describe("tool-using conversations", () => {
  it("every request extends the previous one; breakpoints, tool order, reasoning bytes and the key hold", () => {
    fc.assert(
      fc.property(steps, (list) => {
        expect(play(list, buildAllRequests)).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });

  it("fails when a builder ages earlier tool results in place (planted bug)", () => {
    const aging: Build = (turn, conversation, userText) => {
      const aged: Conversation = {
        ...conversation,
        messages: conversation.messages.map((message, index) =>
          index === conversation.messages.length - 1
            ? message
            : {
                ...message,
                content: message.content.map((block) =>
                  block.type === "tool-result" ? { ...block, text: "[old result removed]" } : block,
                ),
              },
        ),
      };
      return buildAllRequests(turn, aged, userText);
    };
    const result = fc.check(
      fc.property(steps, (list) => play(list, aging) === undefined),
      {
        numRuns: 200,
      },
    );
    expect(result.failed).toBe(true);
  });
});
