import { buildAgentSystemPrompt } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { appendAssistantMessage, appendToolResults } from "./append-conversation-message.js";
import { buildAnthropicRequest } from "./build-anthropic-request.js";
import { buildOpenAIResponsesRequest } from "./build-openai-responses-request.js";
import { compactConversation } from "./compact-conversation.js";
import { forkConversation } from "./fork-conversation.js";
import { ProvidersError } from "./providers-error.js";
import type { Conversation } from "./types.js";
import { toTestTurn } from "../test/fixture-conversation.js";

const turn = toTestTurn(
  buildAgentSystemPrompt({
    runtimeFactsLocation: "user-message",
    volatile: { time: { date: "2026-11-29", time: "09:12", timeZone: "UTC" } },
  }),
  { layout: "turn-context", tools: [{ name: "read", parameters: { type: "object" } }] },
);

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return ProvidersError.isInstance(error) ? error.code : "not a ProvidersError";
  }
  return undefined;
}

function withCall(): Conversation {
  const first = buildAnthropicRequest(turn, { userText: "read a", maxTokens: 100 }).conversation;
  return appendAssistantMessage(first, [
    { type: "tool-call", id: "c1", name: "read", input: { path: "a" } },
  ]);
}

describe("appendAssistantMessage and appendToolResults", () => {
  it("take the tool's name from its call, and a tool step needs no user text", () => {
    const answered = appendToolResults(withCall(), [{ id: "c1", text: "content of a" }]);
    expect(answered.messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "tool-result", id: "c1", name: "read", text: "content of a" }],
    });
    const step = buildAnthropicRequest(turn, { conversation: answered, maxTokens: 100 });
    expect(step.body.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
    ]);
    // The facts stay in the turn's first user message; the step adds none.
    expect(JSON.stringify(step.body.messages[2])).not.toContain("09:12");
  });

  it("reject a result for a call never made or answered twice (PROVIDERS_BAD_ORDER)", () => {
    expect(codeOf(() => appendToolResults(withCall(), [{ id: "nope", text: "x" }]))).toBe(
      "PROVIDERS_BAD_ORDER",
    );
    const once = appendToolResults(withCall(), [{ id: "c1", text: "x" }]);
    expect(codeOf(() => appendToolResults(once, [{ id: "c1", text: "again" }]))).toBe(
      "PROVIDERS_BAD_ORDER",
    );
  });

  it("reject malformed content with PROVIDERS_INVALID_ARGUMENT naming the field", () => {
    const conversation = withCall();
    const bad = [
      () => appendAssistantMessage(conversation, []),
      () => appendAssistantMessage(conversation, [{ type: "sound" } as never]),
      () =>
        appendAssistantMessage(conversation, [
          { type: "image", mediaType: "image/tiff" as never, source: { kind: "url", url: "u" } },
        ]),
      () =>
        appendAssistantMessage(conversation, [
          { type: "reasoning", provider: "anthropic", item: { type: "thinking", thinking: "t" } },
        ]),
      () => appendToolResults(conversation, [{ id: "c1" }]),
    ];
    for (const run of bad) expect(codeOf(run)).toBe("PROVIDERS_INVALID_ARGUMENT");
  });
});

describe("compactConversation and forkConversation", () => {
  it("compaction keeps tools and system, replaces the span, and keeps the lineage's key", () => {
    const first = buildOpenAIResponsesRequest(turn, { userText: "hi" });
    const history = appendAssistantMessage(first.conversation, [{ type: "text", text: "hello" }]);
    const compacted = compactConversation(history, { summary: "We said hello." });
    const next = buildOpenAIResponsesRequest(turn, { conversation: compacted, userText: "again" });
    expect(next.body.instructions).toBe(first.body.instructions);
    expect(next.body.tools).toEqual(first.body.tools);
    expect(next.body.prompt_cache_key).toBe(first.body.prompt_cache_key);
    expect(next.body.input[0]).toEqual({ role: "user", content: "We said hello." });
  });

  it("a fork starts with the parent's messages and key; a cut between a call and its result throws", () => {
    const parent = appendToolResults(withCall(), [{ id: "c1", text: "x" }]);
    const keyed = buildOpenAIResponsesRequest(turn, {
      conversation: parent,
      promptCacheKey: "lineage-1",
    }).conversation;
    const child = forkConversation(keyed);
    expect(child.messages).toEqual(keyed.messages);
    const childRequest = buildOpenAIResponsesRequest(turn, {
      conversation: child,
      userText: "sub",
    });
    expect(childRequest.body.prompt_cache_key).toBe("lineage-1");
    expect(codeOf(() => forkConversation(keyed, { upTo: 2 }))).toBe("PROVIDERS_BAD_ORDER");
    expect(codeOf(() => compactConversation(keyed, { upTo: 2, summary: "s" }))).toBe(
      "PROVIDERS_BAD_ORDER",
    );
    expect(forkConversation(keyed, { upTo: 1 }).messages).toHaveLength(1);
    expect(codeOf(() => forkConversation(keyed, { upTo: 9 }))).toBe("PROVIDERS_INVALID_ARGUMENT");
  });
});
