import { describe, expect, it } from "vitest";
import { buildBedrockConverseRequest } from "./build-bedrock-converse-request.js";
import { makeBuilderFixture, makeRequestTurn } from "../test/make-request-turn.js";
import type { Conversation } from "./types.js";

const { turn, history } = makeBuilderFixture();

describe("buildBedrockConverseRequest", () => {
  it("sends every kind of block as Converse takes it, merging consecutive messages of one role", () => {
    const built = buildBedrockConverseRequest(turn, {
      conversation: history,
      userText: "next",
      model: "anthropic.claude-sonnet-4-5",
    });
    // The lookback breakpoint would follow b.pdf, which is not sent: no cache point stands alone.
    expect(built.body).toStrictEqual({
      modelId: "anthropic.claude-sonnet-4-5",
      system: [{ text: "RULES" }, { cachePoint: { type: "default" } }, { text: "FACTS" }],
      messages: [
        { role: "user", content: [{ text: "hi" }] },
        {
          role: "assistant",
          content: [
            { reasoningContent: { reasoningText: { text: "plan", signature: "sig" } } },
            { reasoningContent: { redactedContent: new Uint8Array([0, 1, 2]) } },
            { text: "calling" },
            { toolUse: { toolUseId: "c1", name: "read", input: { path: "a.md" } } },
            { toolUse: { toolUseId: "c2", name: "exec", input: { cmd: "ls" } } },
            { toolUse: { toolUseId: "c3", name: "read", input: { path: "b.md" } } },
            { toolUse: { toolUseId: "c4", name: "exec", input: { cmd: "rm" } } },
            { toolUse: { toolUseId: "c5", name: "exec", input: {} } },
          ],
        },
        {
          role: "user",
          content: [
            { toolResult: { toolUseId: "c1", content: [{ text: "alpha" }] } },
            { toolResult: { toolUseId: "c2", content: [{ json: { files: ["x"] } }] } },
            { toolResult: { toolUseId: "c3", content: [{ text: "beta" }, { json: { n: 1 } }] } },
            { toolResult: { toolUseId: "c4", content: [{ text: "denied" }], status: "error" } },
            { toolResult: { toolUseId: "c5", content: [{ json: { code: 2 } }], status: "error" } },
          ],
        },
        {
          role: "assistant",
          content: [
            {
              image: {
                format: "png",
                source: { bytes: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]) },
              },
            },
            {
              document: {
                format: "pdf",
                name: "spec.pdf",
                source: { bytes: new Uint8Array([37, 80, 68, 70, 45, 49, 46, 52]) },
              },
            },
            {
              document: {
                format: "pdf",
                name: "document",
                source: { bytes: new Uint8Array([37, 80, 68, 70, 45, 49, 46, 52]) },
              },
            },
            { text: "done" },
            { text: "seen" },
          ],
        },
        { role: "user", content: [{ text: "next" }, { cachePoint: { type: "default" } }] },
      ],
      toolConfig: {
        tools: [
          { toolSpec: { name: "exec", inputSchema: { json: { type: "object" } } } },
          {
            toolSpec: {
              name: "read",
              description: "Reads a file.",
              inputSchema: { json: { type: "object" } },
            },
          },
          { cachePoint: { type: "default" } },
        ],
      },
    });
    expect(built.diagnostics.slice(1)).toEqual([
      {
        code: "PROVIDERS_CONTENT_NOT_SENT",
        severity: "warning",
        message: "messages[5].content[0]: a image given by URL; Bedrock Converse does not get it",
        path: "messages[5].content[0]",
        hint: "Send images and documents inline (base64) to Bedrock.",
      },
      {
        code: "PROVIDERS_CONTENT_NOT_SENT",
        severity: "warning",
        message:
          "messages[5].content[1]: a document given by URL; Bedrock Converse does not get it",
        path: "messages[5].content[1]",
        hint: "Send images and documents inline (base64) to Bedrock.",
      },
    ]);
  });

  it("checks the Anthropic minimum for a Claude model id only", () => {
    const bare = makeRequestTurn();
    const claude = buildBedrockConverseRequest(bare, {
      userText: "hi",
      model: "us.anthropic.Claude-sonnet-4-5-v1:0",
    });
    expect(claude.diagnostics).toStrictEqual([
      {
        code: "PROVIDERS_PREFIX_BELOW_MINIMUM",
        severity: "warning",
        message:
          "the stable prefix (tools + system text) is about 2 tokens (estimate (chars/4)); anthropic caches nothing shorter than 1024 tokens for us.anthropic.Claude-sonnet-4-5-v1:0",
        hint: "Expect no cache hits until the history makes the prompt long enough; the prefix itself is never cached.",
      },
    ]);
    const nova = buildBedrockConverseRequest(bare, {
      userText: "hi",
      model: "amazon.nova-pro-v1:0",
    });
    expect(nova.diagnostics).toEqual([]);
    expect(nova.body).toStrictEqual({
      modelId: "amazon.nova-pro-v1:0",
      system: [{ text: "RULES" }, { cachePoint: { type: "default" } }, { text: "FACTS" }],
      messages: [{ role: "user", content: [{ text: "hi" }, { cachePoint: { type: "default" } }] }],
    });
  });

  it("sends a hand-built Anthropic thinking item that lacks its fields with empty values", () => {
    const bare = buildBedrockConverseRequest(makeRequestTurn(), { userText: "hi" }).conversation;
    const conversation: Conversation = {
      ...bare,
      messages: [
        ...bare.messages,
        {
          role: "assistant",
          content: [
            { type: "reasoning", provider: "anthropic", item: { type: "thinking" } },
            { type: "reasoning", provider: "anthropic", item: { type: "redacted_thinking" } },
          ],
        },
      ],
    };
    const built = buildBedrockConverseRequest(makeRequestTurn(), { conversation, userText: "x" });
    expect(built.body.messages[1]).toEqual({
      role: "assistant",
      content: [
        { reasoningContent: { reasoningText: { text: "", signature: "" } } },
        { reasoningContent: { redactedContent: new Uint8Array([]) } },
      ],
    });
  });

  it("puts no cache point after a block it does not send, even at the newest message's end", () => {
    const bare = buildBedrockConverseRequest(makeRequestTurn(), { userText: "hi" });
    const reasoning = { type: "reasoning", id: "rs_1" } as const;
    const conversation: Conversation = {
      ...bare.conversation,
      messages: [
        ...bare.conversation.messages,
        { role: "user", content: [{ type: "reasoning", provider: "openai", item: reasoning }] },
      ],
    };
    const built = buildBedrockConverseRequest(makeRequestTurn(), { conversation });
    expect(built.body.messages).toStrictEqual([{ role: "user", content: [{ text: "hi" }] }]);
  });
});
