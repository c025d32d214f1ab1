import { describe, expect, it } from "vitest";
import { buildAiSdkCall } from "./build-ai-sdk-call.js";
import { makeBuilderFixture, makeRequestTurn } from "../test/make-request-turn.js";
import { createConversation } from "./create-conversation.js";
import type { Conversation } from "./types.js";

// Every kind of block; the intermediate breakpoint (20 blocks after "hi") lands on b.pdf.
const { turn, history } = makeBuilderFixture();

describe("buildAiSdkCall", () => {
  it("maps every kind of block and marks the Anthropic breakpoints (no tools: they travel apart)", () => {
    const built = buildAiSdkCall(turn, { conversation: history, userText: "next" });
    expect(built.body).toStrictEqual({
      system: [
        {
          role: "system",
          content: "RULES",
          providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
        },
        { role: "system", content: "FACTS" },
      ],
      messages: [
        { role: "user", content: [{ type: "text", text: "hi" }] },
        {
          role: "assistant",
          content: [
            {
              type: "reasoning",
              text: "plan",
              providerOptions: { anthropic: { signature: "sig" } },
            },
            {
              type: "reasoning",
              text: "",
              providerOptions: { anthropic: { redactedData: "AAEC" } },
            },
            { type: "text", text: "calling" },
            { type: "tool-call", toolCallId: "c1", toolName: "read", input: { path: "a.md" } },
            { type: "tool-call", toolCallId: "c2", toolName: "exec", input: { cmd: "ls" } },
            { type: "tool-call", toolCallId: "c3", toolName: "read", input: { path: "b.md" } },
            { type: "tool-call", toolCallId: "c4", toolName: "exec", input: { cmd: "rm" } },
            { type: "tool-call", toolCallId: "c5", toolName: "exec", input: {} },
          ],
        },
        {
          role: "tool",
          content: [
            {
              type: "tool-result",
              toolCallId: "c1",
              toolName: "read",
              output: { type: "text", value: "alpha" },
            },
            {
              type: "tool-result",
              toolCallId: "c2",
              toolName: "exec",
              output: { type: "json", value: { files: ["x"] } },
            },
            {
              type: "tool-result",
              toolCallId: "c3",
              toolName: "read",
              output: { type: "text", value: 'beta\n\n{"n":1}' },
            },
            {
              type: "tool-result",
              toolCallId: "c4",
              toolName: "exec",
              output: { type: "error-text", value: "denied" },
            },
            {
              type: "tool-result",
              toolCallId: "c5",
              toolName: "exec",
              output: { type: "error-json", value: { code: 2 } },
            },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "image", image: "data:image/png;base64,iVBORw0KGgo=", mediaType: "image/png" },
            {
              type: "file",
              data: "data:application/pdf;base64,JVBERi0xLjQ=",
              mediaType: "application/pdf",
              filename: "spec.pdf",
            },
            {
              type: "file",
              data: "data:application/pdf;base64,JVBERi0xLjQ=",
              mediaType: "application/pdf",
            },
          ],
        },
        { role: "assistant", content: [{ type: "text", text: "done" }] },
        {
          role: "assistant",
          content: [
            { type: "image", image: "https://x.test/a.webp", mediaType: "image/webp" },
            {
              type: "file",
              data: "https://x.test/b.pdf",
              mediaType: "application/pdf",
              filename: "b.pdf",
              providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
            },
          ],
        },
        { role: "assistant", content: [{ type: "text", text: "seen" }] },
        {
          role: "user",
          content: [
            {
              type: "text",
              text: "next",
              providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
            },
          ],
        },
      ],
    });
  });

  it("marks nothing for OpenAI, which caches automatically, and checks OpenAI's minimum", () => {
    const built = buildAiSdkCall(
      { ...turn, modelId: "gpt-5.5" },
      { provider: "openai", userText: "hi" },
    );
    expect(built.body).toStrictEqual({
      system: [
        { role: "system", content: "RULES" },
        { role: "system", content: "FACTS" },
      ],
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    });
    expect(built.diagnostics.map((d) => d.message)).toEqual([
      "the stable prefix (tools + system text) is about 2 tokens (estimate (chars/4)); openai caches nothing shorter than 1024 tokens for gpt-5.5",
    ]);
  });

  it("opens a message at the first part it sends, after a reasoning item it does not", () => {
    const conversation: Conversation = {
      ...createConversation(),
      messages: [
        {
          role: "assistant",
          content: [
            { type: "reasoning", provider: "openai", item: { type: "reasoning", id: "rs_1" } },
            { type: "text", text: "earlier" },
          ],
        },
      ],
    };
    const built = buildAiSdkCall(makeRequestTurn({ modelId: "gpt-5.5" }), {
      provider: "openai",
      conversation,
      userText: "hi",
    });
    expect(built.body.messages).toStrictEqual([
      { role: "assistant", content: [{ type: "text", text: "earlier" }] },
      { role: "user", content: [{ type: "text", text: "hi" }] },
    ]);
  });

  it("sends what a hand-built conversation leaves out as empty strings", () => {
    // appendAssistantMessage and appendToolResults refuse these; a literal conversation can hold them.
    const bare = buildAiSdkCall(makeRequestTurn(), { userText: "hi" }).conversation;
    const conversation: Conversation = {
      ...bare,
      messages: [
        ...bare.messages,
        {
          role: "assistant",
          content: [
            { type: "reasoning", provider: "anthropic", item: { type: "redacted_thinking" } },
            { type: "reasoning", provider: "anthropic", item: { type: "thinking" } },
            { type: "tool-call", id: "c1", name: "read", input: {} },
          ],
        },
        { role: "user", content: [{ type: "tool-result", id: "c1", name: "read" }] },
      ],
    };
    const built = buildAiSdkCall(makeRequestTurn(), { conversation, userText: "next" });
    expect(built.body.messages.slice(1, 3)).toStrictEqual([
      {
        role: "assistant",
        content: [
          { type: "reasoning", text: "", providerOptions: { anthropic: { redactedData: "" } } },
          { type: "reasoning", text: "", providerOptions: { anthropic: { signature: "" } } },
          { type: "tool-call", toolCallId: "c1", toolName: "read", input: {} },
        ],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "c1",
            toolName: "read",
            output: { type: "text", value: "" },
          },
        ],
      },
    ]);
  });
});
