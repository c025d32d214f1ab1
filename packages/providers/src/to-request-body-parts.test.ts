import { describe, expect, it } from "vitest";
import { toRequestBodyParts } from "./to-request-body-parts.js";

const refs = (provider: Parameters<typeof toRequestBodyParts>[0], body: unknown) =>
  toRequestBodyParts(provider, body).map((part) => part.ref);

describe("toRequestBodyParts", () => {
  it("Chat: an assistant message of tool calls only is compared by its tool_calls", () => {
    const body = (path: string) => ({
      messages: [
        { role: "system", content: "rules" },
        { role: "user", content: "read it" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c1", type: "function", function: { name: "read", arguments: path } }],
        },
        { role: "tool", tool_call_id: "c1", content: "text" },
      ],
    });
    const a = toRequestBodyParts("openai-chat", body('{"path":"a"}'));
    const b = toRequestBodyParts("openai-chat", body('{"path":"b"}'));
    expect(a.map((part) => part.ref)).toEqual([
      { area: "system", index: 0 },
      { area: "messages", index: 0, block: 0 },
      { area: "messages", index: 1, block: 0 },
      { area: "messages", index: 2, block: 0 },
      { area: "messages", index: 2, block: 1 },
    ]);
    expect(a[2]!.text).not.toBe(b[2]!.text);
    expect(a[4]!.text).toContain("c1");
  });

  it("Anthropic: tools → system → messages; cache_control is not content", () => {
    const body = (marked: boolean) => ({
      tools: [
        {
          name: "read",
          input_schema: { type: "object" },
          ...(marked ? { cache_control: { type: "ephemeral" } } : {}),
        },
      ],
      system: "rules",
      messages: [
        {
          role: "user",
          content: [
            {
              type: "text",
              text: "hi",
              ...(marked ? { cache_control: { type: "ephemeral", ttl: "1h" } } : {}),
            },
          ],
        },
      ],
      ...(marked ? { cache_control: { type: "ephemeral" } } : {}),
    });
    expect(toRequestBodyParts("anthropic", body(true))).toEqual(
      toRequestBodyParts("anthropic", body(false)),
    );
    expect(refs("anthropic", body(true))).toEqual([
      { area: "tools", index: 0, name: "read" },
      { area: "system", index: 0 },
      { area: "messages", index: 0, block: 0 },
    ]);
  });

  it("Bedrock: cachePoint blocks are left out wherever they stand", () => {
    const parts = toRequestBodyParts("bedrock", {
      toolConfig: {
        tools: [
          { toolSpec: { name: "exec", inputSchema: { json: {} } } },
          { cachePoint: { type: "default" } },
        ],
      },
      system: [{ text: "rules" }, { cachePoint: { type: "default", ttl: "1h" } }],
      messages: [{ role: "user", content: [{ text: "hi" }, { cachePoint: { type: "default" } }] }],
    });
    expect(parts.map((part) => part.ref)).toEqual([
      { area: "tools", index: 0, name: "exec" },
      { area: "system", index: 0 },
      { area: "messages", index: 0, block: 0 },
    ]);
    expect(parts[1]!.text).toBe("rules");
  });

  it("OpenAI Responses: tools, instructions, input; a string input is one user message", () => {
    expect(
      refs("openai-responses", {
        tools: [{ type: "web_search" }],
        instructions: "be terse",
        input: "hi",
      }),
    ).toEqual([
      { area: "tools", index: 0, name: "web_search" },
      { area: "system", index: 0 },
      { area: "messages", index: 0, block: 0 },
    ]);
  });

  it("OpenAI Chat: leading system and developer messages are the system part", () => {
    expect(
      refs("openai-chat", {
        messages: [
          { role: "system", content: "a" },
          { role: "developer", content: [{ type: "text", text: "b" }] },
          { role: "user", content: "hi" },
          { role: "assistant", content: "hello" },
        ],
        tools: [{ type: "function", function: { name: "read", parameters: {} } }],
      }),
    ).toEqual([
      { area: "tools", index: 0, name: "read" },
      { area: "system", index: 0 },
      { area: "system", index: 1 },
      { area: "messages", index: 0, block: 0 },
      { area: "messages", index: 1, block: 0 },
    ]);
  });

  it("Gemini: tools and systemInstruction from config (SDK) or the top level (REST)", () => {
    const inner = {
      tools: [{ functionDeclarations: [{ name: "read" }, { name: "write" }] }],
      systemInstruction: { parts: [{ text: "rules" }] },
    };
    const contents = [{ role: "user", parts: [{ text: "hi" }, { text: "there" }] }];
    const sdk = refs("gemini", { contents, config: inner });
    expect(sdk).toEqual([
      { area: "tools", index: 0, name: "read" },
      { area: "tools", index: 1, name: "write" },
      { area: "system", index: 0 },
      { area: "messages", index: 0, block: 0 },
      { area: "messages", index: 0, block: 1 },
    ]);
    expect(refs("gemini", { contents, ...inner })).toEqual(sdk);
  });

  it("a role change differs at the message's first byte; a non-object body has no parts", () => {
    const message = (role: string) =>
      toRequestBodyParts("anthropic", { messages: [{ role, content: "same" }] })[0]!.text;
    expect(message("user")).not.toBe(message("assistant"));
    expect(toRequestBodyParts("anthropic", "not a body")).toEqual([]);
  });
});
