import { describe, expect, it } from "vitest";
import {
  buildOpenAIResponsesRequest,
  resolvePromptCacheKey,
} from "./build-openai-responses-request.js";
import { makeBuilderFixture, makeRequestTurn } from "../test/make-request-turn.js";

const { turn, history } = makeBuilderFixture("gpt-5.5");

describe("buildOpenAIResponsesRequest", () => {
  it("checks OpenAI's minimum for the model", () => {
    const built = buildOpenAIResponsesRequest(makeRequestTurn({ modelId: "gpt-5.5" }), {
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

  it("sends the history as input items, the tools and the retention asked for", () => {
    const built = buildOpenAIResponsesRequest(turn, {
      conversation: history,
      userText: "next",
      promptCacheRetention: "24h",
    });
    expect(built.body).toStrictEqual({
      model: "gpt-5.5",
      instructions: "RULES\n\nFACTS",
      input: [
        { role: "user", content: "hi" },
        { type: "reasoning", id: "rs_1", encrypted_content: "enc" },
        { role: "assistant", content: "calling" },
        { type: "function_call", call_id: "c1", name: "read", arguments: '{"path":"a.md"}' },
        { type: "function_call", call_id: "c2", name: "exec", arguments: '{"cmd":"ls"}' },
        { type: "function_call", call_id: "c3", name: "read", arguments: '{"path":"b.md"}' },
        { type: "function_call", call_id: "c4", name: "exec", arguments: '{"cmd":"rm"}' },
        { type: "function_call", call_id: "c5", name: "exec", arguments: "{}" },
        { type: "function_call_output", call_id: "c1", output: "alpha" },
        { type: "function_call_output", call_id: "c2", output: '{"files":["x"]}' },
        { type: "function_call_output", call_id: "c3", output: 'beta\n\n{"n":1}' },
        { type: "function_call_output", call_id: "c4", output: "denied" },
        { type: "function_call_output", call_id: "c5", output: '{"code":2}' },
        {
          role: "assistant",
          content: [
            {
              type: "input_image",
              image_url: "data:image/png;base64,iVBORw0KGgo=",
              detail: "auto",
            },
            {
              type: "input_file",
              file_data: "data:application/pdf;base64,JVBERi0xLjQ=",
              filename: "spec.pdf",
            },
            {
              type: "input_file",
              file_data: "data:application/pdf;base64,JVBERi0xLjQ=",
              filename: "document.pdf",
            },
          ],
        },
        { role: "assistant", content: "done" },
        {
          role: "assistant",
          content: [
            { type: "input_image", image_url: "https://x.test/a.webp", detail: "auto" },
            { type: "input_file", file_url: "https://x.test/b.pdf" },
          ],
        },
        { role: "assistant", content: "seen" },
        { role: "user", content: "next" },
      ],
      prompt_cache_key: "promptstack:main:gpt-5.5",
      tools: [
        { type: "function", name: "exec", parameters: { type: "object" }, strict: false },
        {
          type: "function",
          name: "read",
          description: "Reads a file.",
          parameters: { type: "object" },
          strict: false,
        },
      ],
      prompt_cache_retention: "24h",
    });
  });

  it("leaves retention and tools out when there are none", () => {
    const bare = makeRequestTurn({ modelId: "gpt-5.5" });
    expect(buildOpenAIResponsesRequest(bare, { userText: "hi" }).body).toStrictEqual({
      model: "gpt-5.5",
      instructions: "RULES\n\nFACTS",
      input: [{ role: "user", content: "hi" }],
      prompt_cache_key: "promptstack:main:gpt-5.5",
    });
  });

  it("keys the lineage: the caller's key, else the conversation's, else agent and model", () => {
    const agent = makeRequestTurn({ modelId: "gpt-5.5", agentId: "ops" });
    const first = buildOpenAIResponsesRequest(agent, { userText: "hi" });
    expect(first.body.prompt_cache_key).toBe("promptstack:ops:gpt-5.5");
    expect(first.conversation.promptCacheKey).toBe("promptstack:ops:gpt-5.5");
    // A later request on another model keeps the lineage's key.
    const second = buildOpenAIResponsesRequest(agent, {
      conversation: first.conversation,
      userText: "more",
      model: "gpt-5.6",
    });
    expect(second.body.prompt_cache_key).toBe("promptstack:ops:gpt-5.5");
    const given = buildOpenAIResponsesRequest(agent, {
      conversation: first.conversation,
      userText: "more",
      promptCacheKey: "team-key",
    });
    expect(given.body.prompt_cache_key).toBe("team-key");
    expect(given.conversation.promptCacheKey).toBe("team-key");
  });

  it("hands back the same conversation when it already carries the key", () => {
    const agent = makeRequestTurn({ modelId: "gpt-5.5" });
    const { conversation } = buildOpenAIResponsesRequest(agent, { userText: "hi" });
    const kept = resolvePromptCacheKey(agent, {}, "gpt-5.6", conversation);
    expect(kept).toStrictEqual({ key: "promptstack:main:gpt-5.5", conversation });
    expect(kept.conversation).toBe(conversation);
    const { key, conversation: moved } = resolvePromptCacheKey(
      agent,
      { promptCacheKey: "k" },
      "gpt-5.6",
      conversation,
    );
    expect(key).toBe("k");
    expect(moved).toStrictEqual({ ...conversation, promptCacheKey: "k" });
    expect(Object.isFrozen(moved)).toBe(true);
  });
});
