import { describe, expect, it } from "vitest";
import { buildAnthropicRequest, toAnthropicContent } from "./build-anthropic-request.js";
import { makeBuilderFixture, makeRequestTurn } from "../test/make-request-turn.js";
import type { Conversation } from "./types.js";

// Every kind of block; the intermediate breakpoint (20 blocks after "hi") lands on b.pdf.
const { turn, history } = makeBuilderFixture();

describe("buildAnthropicRequest", () => {
  it("sends every kind of block, with 1h breakpoints on the tools, the stable text, the lookback and the newest message", () => {
    const built = buildAnthropicRequest(turn, {
      conversation: history,
      userText: "next",
      maxTokens: 64,
      ttl: "1h",
    });
    expect(built.body).toStrictEqual({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      system: [
        { type: "text", text: "RULES", cache_control: { type: "ephemeral", ttl: "1h" } },
        { type: "text", text: "FACTS" },
      ],
      messages: [
        { role: "user", content: [{ type: "text", text: "hi" }] },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "plan", signature: "sig" },
            { type: "redacted_thinking", data: "AAEC" },
            { type: "text", text: "calling" },
            { type: "tool_use", id: "c1", name: "read", input: { path: "a.md" } },
            { type: "tool_use", id: "c2", name: "exec", input: { cmd: "ls" } },
            { type: "tool_use", id: "c3", name: "read", input: { path: "b.md" } },
            { type: "tool_use", id: "c4", name: "exec", input: { cmd: "rm" } },
            { type: "tool_use", id: "c5", name: "exec", input: {} },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "c1", content: "alpha" },
            { type: "tool_result", tool_use_id: "c2", content: '{"files":["x"]}' },
            {
              type: "tool_result",
              tool_use_id: "c3",
              content: [
                { type: "text", text: "beta" },
                { type: "text", text: '{"n":1}' },
              ],
            },
            { type: "tool_result", tool_use_id: "c4", content: "denied", is_error: true },
            { type: "tool_result", tool_use_id: "c5", content: '{"code":2}', is_error: true },
          ],
        },
        {
          role: "assistant",
          content: [
            {
              type: "image",
              source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" },
            },
            {
              type: "document",
              source: { type: "base64", media_type: "application/pdf", data: "JVBERi0xLjQ=" },
              title: "spec.pdf",
            },
            {
              type: "document",
              source: { type: "base64", media_type: "application/pdf", data: "JVBERi0xLjQ=" },
            },
          ],
        },
        { role: "assistant", content: [{ type: "text", text: "done" }] },
        {
          role: "assistant",
          content: [
            { type: "image", source: { type: "url", url: "https://x.test/a.webp" } },
            {
              type: "document",
              source: { type: "url", url: "https://x.test/b.pdf" },
              title: "b.pdf",
              cache_control: { type: "ephemeral", ttl: "1h" },
            },
          ],
        },
        { role: "assistant", content: [{ type: "text", text: "seen" }] },
        {
          role: "user",
          content: [
            { type: "text", text: "next", cache_control: { type: "ephemeral", ttl: "1h" } },
          ],
        },
      ],
      tools: [
        { name: "exec", input_schema: { type: "object" } },
        {
          name: "read",
          description: "Reads a file.",
          input_schema: { type: "object" },
          cache_control: { type: "ephemeral", ttl: "1h" },
        },
      ],
    });
  });

  it("sends a 5m breakpoint (the default, and when asked for) as plain ephemeral", () => {
    const plain = {
      model: "claude-sonnet-4-5",
      max_tokens: 8,
      system: [
        { type: "text", text: "RULES", cache_control: { type: "ephemeral" } },
        { type: "text", text: "FACTS" },
      ],
      messages: [
        {
          role: "user",
          content: [{ type: "text", text: "hi", cache_control: { type: "ephemeral" } }],
        },
      ],
    };
    const bare = makeRequestTurn();
    expect(buildAnthropicRequest(bare, { userText: "hi", maxTokens: 8 }).body).toStrictEqual(plain);
    expect(
      buildAnthropicRequest(bare, { userText: "hi", maxTokens: 8, ttl: "5m" }).body,
    ).toStrictEqual(plain);
  });

  it("sends a tool result with neither text nor JSON as empty content", () => {
    expect(toAnthropicContent({ type: "tool-result", id: "c1", name: "read" })).toEqual({
      type: "tool_result",
      tool_use_id: "c1",
      content: "",
    });
  });

  it("checks Anthropic's minimum for the model", () => {
    const built = buildAnthropicRequest(makeRequestTurn(), { userText: "hi", maxTokens: 8 });
    expect(built.diagnostics).toStrictEqual([
      {
        code: "PROVIDERS_PREFIX_BELOW_MINIMUM",
        severity: "warning",
        message:
          "the stable prefix (tools + system text) is about 2 tokens (estimate (chars/4)); anthropic caches nothing shorter than 1024 tokens for claude-sonnet-4-5",
        hint: "Expect no cache hits until the history makes the prompt long enough; the prefix itself is never cached.",
      },
    ]);
  });

  it.each([
    ["thinking", { type: "thinking", thinking: "t", signature: "s" }],
    ["redacted_thinking", { type: "redacted_thinking", data: "d" }],
  ] as const)(
    "puts no breakpoint on a %s block, even one a hand-built conversation ends with",
    (_type, thinking) => {
      const bare = buildAnthropicRequest(makeRequestTurn(), { userText: "hi", maxTokens: 8 });
      const conversation: Conversation = {
        ...bare.conversation,
        messages: [
          ...bare.conversation.messages,
          { role: "user", content: [{ type: "reasoning", provider: "anthropic", item: thinking }] },
        ],
      };
      const built = buildAnthropicRequest(makeRequestTurn(), { conversation, maxTokens: 8 });
      expect(built.body.messages.at(-1)).toStrictEqual({ role: "user", content: [thinking] });
    },
  );
});
