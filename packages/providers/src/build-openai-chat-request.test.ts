import { describe, expect, it } from "vitest";
import { buildOpenAIChatRequest } from "./build-openai-chat-request.js";
import { makeBuilderFixture, makeRequestTurn } from "../test/make-request-turn.js";

const { turn, history } = makeBuilderFixture("gpt-5.5");

describe("buildOpenAIChatRequest", () => {
  it("checks OpenAI's minimum for the model", () => {
    const built = buildOpenAIChatRequest(makeRequestTurn({ modelId: "gpt-5.5" }), {
      userText: "hi",
    });
    expect(built.diagnostics).toStrictEqual([
      {
        code: "PROVIDERS_PREFIX_BELOW_MINIMUM",
        severity: "warning",
        message:
          "the stable prefix (tools + system text) is about 2 tokens (estimate (chars/4)); openai caches nothing shorter than 1024 tokens for gpt-5.5",
        hint: "Expect no cache hits until the history makes the prompt long enough; the prefix itself is never cached.",
      },
    ]);
  });

  it("sends the system text as a developer message, then the history and the tools", () => {
    const built = buildOpenAIChatRequest(turn, {
      conversation: history,
      userText: "next",
      systemRole: "developer",
    });
    expect(built.body).toStrictEqual({
      model: "gpt-5.5",
      messages: [
        { role: "developer", content: "RULES\n\nFACTS" },
        { role: "user", content: "hi" },
        {
          role: "assistant",
          content: "calling",
          tool_calls: [
            {
              id: "c1",
              type: "function",
              function: { name: "read", arguments: '{"path":"a.md"}' },
            },
            { id: "c2", type: "function", function: { name: "exec", arguments: '{"cmd":"ls"}' } },
            {
              id: "c3",
              type: "function",
              function: { name: "read", arguments: '{"path":"b.md"}' },
            },
            { id: "c4", type: "function", function: { name: "exec", arguments: '{"cmd":"rm"}' } },
            { id: "c5", type: "function", function: { name: "exec", arguments: "{}" } },
          ],
        },
        { role: "tool", tool_call_id: "c1", content: "alpha" },
        { role: "tool", tool_call_id: "c2", content: '{"files":["x"]}' },
        { role: "tool", tool_call_id: "c3", content: 'beta\n\n{"n":1}' },
        { role: "tool", tool_call_id: "c4", content: "denied" },
        { role: "tool", tool_call_id: "c5", content: '{"code":2}' },
        { role: "assistant", content: "done" },
        { role: "assistant", content: "seen" },
        { role: "user", content: "next" },
      ],
      prompt_cache_key: "promptstack:main:gpt-5.5",
      tools: [
        { type: "function", function: { name: "exec", parameters: { type: "object" } } },
        {
          type: "function",
          function: { name: "read", description: "Reads a file.", parameters: { type: "object" } },
        },
      ],
    });
  });

  it("sends a system message by default, and no tools when there are none", () => {
    const bare = makeRequestTurn({ modelId: "gpt-5.5" });
    const built = buildOpenAIChatRequest(bare, { userText: "hi" });
    expect(built.body).toStrictEqual({
      model: "gpt-5.5",
      messages: [
        { role: "system", content: "RULES\n\nFACTS" },
        { role: "user", content: "hi" },
      ],
      prompt_cache_key: "promptstack:main:gpt-5.5",
    });
    expect(built.conversation.promptCacheKey).toBe("promptstack:main:gpt-5.5");
  });
});
