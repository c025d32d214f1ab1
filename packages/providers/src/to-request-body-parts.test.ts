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

  it("OpenAI Responses: a string input is compared as the user's text", () => {
    expect(toRequestBodyParts("openai-responses", { instructions: "S", input: "hello" })).toEqual([
      { ref: { area: "system", index: 0 }, text: "S" },
      { ref: { area: "messages", index: 0, block: 0 }, text: "user\u0000hello" },
    ]);
  });

  it("leaves cache annotations out at any depth, in arrays too", () => {
    const anthropic = {
      messages: [
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "c1",
              content: [{ type: "text", text: "a", cache_control: { type: "ephemeral" } }],
            },
          ],
        },
      ],
    };
    expect(toRequestBodyParts("anthropic", anthropic)).toEqual([
      {
        ref: { area: "messages", index: 0, block: 0 },
        text: 'user\u0000{"content":[{"text":"a","type":"text"}],"tool_use_id":"c1","type":"tool_result"}',
      },
    ]);
    const bedrock = {
      messages: [
        {
          role: "user",
          content: [
            {
              toolResult: {
                toolUseId: "c1",
                content: [{ text: "a" }, { cachePoint: { type: "default" } }],
              },
            },
          ],
        },
      ],
    };
    expect(toRequestBodyParts("bedrock", bedrock)).toEqual([
      {
        ref: { area: "messages", index: 0, block: 0 },
        text: 'user\u0000{"toolResult":{"content":[{"text":"a"}],"toolUseId":"c1"}}',
      },
    ]);
  });

  it("compares a text block whose text is not a string by its canonical JSON", () => {
    expect(
      toRequestBodyParts("anthropic", { system: [{ type: "text", text: 7 }, { text: undefined }] }),
    ).toEqual([
      { ref: { area: "system", index: 0 }, text: '{"text":7,"type":"text"}' },
      { ref: { area: "system", index: 1 }, text: "{}" },
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
    expect(toRequestBodyParts("openai-chat", null)).toEqual([]);
  });

  it("a value JSON cannot carry compares by its plain text", () => {
    expect(
      toRequestBodyParts("anthropic", { tools: [{ name: "t", input_schema: { x: NaN } }] }),
    ).toStrictEqual([
      {
        ref: { area: "tools", index: 0, name: "t" },
        text: '{"name":"t","input_schema":{"x":null}}',
      },
    ]);
  });

  it("names a tool without a name by its place; Responses names one by its type", () => {
    expect(
      toRequestBodyParts("anthropic", { tools: [{ input_schema: {} }, "raw", null] }),
    ).toStrictEqual([
      { ref: { area: "tools", index: 0, name: "tools[0]" }, text: '{"input_schema":{}}' },
      { ref: { area: "tools", index: 1, name: "tools[1]" }, text: '"raw"' },
      { ref: { area: "tools", index: 2, name: "tools[2]" }, text: "null" },
    ]);
  });

  it("OpenAI Responses: an item that is not a message is one block; a message without a role opens with none", () => {
    const call = { type: "function_call", call_id: "c1", name: "read", arguments: "{}" };
    expect(
      toRequestBodyParts("openai-responses", {
        instructions: ["not", "a", "string"],
        input: [
          { role: "user", content: "hi" },
          call,
          { content: [{ type: "input_text", text: "x" }] },
        ],
      }),
    ).toStrictEqual([
      { ref: { area: "messages", index: 0, block: 0 }, text: "user\u0000hi" },
      {
        ref: { area: "messages", index: 1, block: 0 },
        text: '{"arguments":"{}","call_id":"c1","name":"read","type":"function_call"}',
      },
      { ref: { area: "messages", index: 2, block: 0 }, text: "\u0000x" },
    ]);
  });

  it("OpenAI Responses: the instructions are the one system part", () => {
    expect(toRequestBodyParts("openai-responses", { instructions: "be terse" })).toStrictEqual([
      { ref: { area: "system", index: 0 }, text: "be terse" },
    ]);
  });

  it("Gemini: a tool that is not a declaration group is one tool; a string instruction is the system part", () => {
    expect(
      toRequestBodyParts("gemini", {
        tools: [{ googleSearch: {} }, { functionDeclarations: [{ name: "read" }] }],
        systemInstruction: "rules",
      }),
    ).toStrictEqual([
      { ref: { area: "tools", index: 0, name: "googleSearch" }, text: '{"googleSearch":{}}' },
      { ref: { area: "tools", index: 1, name: "read" }, text: '{"name":"read"}' },
      { ref: { area: "system", index: 0 }, text: "rules" },
    ]);
    expect(
      toRequestBodyParts("gemini", { contents: [{ role: "user", parts: [{ text: "hi" }] }] }),
    ).toStrictEqual([{ ref: { area: "messages", index: 0, block: 0 }, text: "user\u0000hi" }]);
  });

  it("compares a plain text block by its text, any other block by its canonical JSON", () => {
    const content = [
      "bare",
      { text: "untyped" },
      { type: "text", text: "typed", cache_control: { type: "ephemeral" } },
      { type: "input_text", text: "input" },
      { type: "output_text", text: "output" },
      { type: "text", text: "cited", citations: [] },
      { type: "summary_text", text: "other type" },
      { type: "text", text: "marked", prompt_cache_breakpoint: true, extra: undefined },
      { cachePoint: { type: "default" }, text: "not only a cache point" },
    ];
    const texts = toRequestBodyParts("anthropic", {
      messages: [{ role: "user", content }],
    }).map((part) => part.text);
    expect(texts).toStrictEqual([
      "user\u0000bare",
      "untyped",
      "typed",
      "input",
      "output",
      '{"citations":[],"text":"cited","type":"text"}',
      '{"text":"other type","type":"summary_text"}',
      "marked",
      '{"cachePoint":{"type":"default"},"text":"not only a cache point"}',
    ]);
  });

  it("Bedrock without tools, and Chat tools that are not functions, still give their parts", () => {
    expect(
      toRequestBodyParts("bedrock", {
        system: "rules",
        messages: [{ role: "user", content: [{ text: "hi" }] }],
      }),
    ).toStrictEqual([
      { ref: { area: "system", index: 0 }, text: "rules" },
      { ref: { area: "messages", index: 0, block: 0 }, text: "user\u0000hi" },
    ]);
    expect(
      toRequestBodyParts("bedrock", { toolConfig: { tools: [{ other: 1 }] } }).map((p) => p.ref),
    ).toStrictEqual([{ area: "tools", index: 0, name: "tools[0]" }]);
    expect(
      toRequestBodyParts("openai-chat", { tools: [{ type: "web_search" }] }).map((p) => p.ref),
    ).toStrictEqual([{ area: "tools", index: 0, name: "web_search" }]);
  });

  it("never throws on null where a body has its tools, system and messages", () => {
    const hostile = {
      tools: [null],
      toolConfig: { tools: [null] },
      system: [null],
      instructions: null,
      messages: [null, { role: "assistant", content: null }],
      input: [null],
      contents: [null],
      config: null,
    };
    for (const provider of [
      "anthropic",
      "bedrock",
      "openai-responses",
      "openai-chat",
      "gemini",
    ] as const) {
      expect(() => toRequestBodyParts(provider, hostile)).not.toThrow();
    }
    // The null message is one block; a message with null content and nothing beside has none.
    expect(toRequestBodyParts("openai-chat", hostile)).toStrictEqual([
      { ref: { area: "tools", index: 0, name: "tools[0]" }, text: "null" },
      { ref: { area: "messages", index: 0, block: 0 }, text: "null" },
    ]);
  });
});
