import { buildAgentSystemPrompt } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { appendAssistantMessage, appendToolResults } from "./append-conversation-message.js";
import { buildAnthropicRequest } from "./build-anthropic-request.js";
import { buildOpenAIResponsesRequest } from "./build-openai-responses-request.js";
import { compactConversation } from "./compact-conversation.js";
import { forkConversation } from "./fork-conversation.js";
import { ProvidersError } from "./providers-error.js";
import type { Conversation, MessageContent } from "./types.js";
import { toTestTurn } from "../test/fixture-conversation.js";
import { invalidArgument as invalid, thrownBy } from "../test/expected-errors.js";

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

const SOURCE = '`{ kind: "base64", data }` or `{ kind: "url", url }`';
const REASONING =
  'an Anthropic `thinking`/`redacted_thinking` block (provider "anthropic") or an OpenAI `reasoning` item (provider "openai"), as returned';

describe("appendAssistantMessage stores each kind of block", () => {
  it("keeps every valid block as given, quotes marker look-alikes in text, and freezes the message", () => {
    const content: MessageContent[] = [
      { type: "text", text: "see <!-- OPENCLAW_CACHE_BOUNDARY --> here" },
      { type: "tool-call", id: "c1", name: "read", input: { path: "a", depth: [1, null] } },
      { type: "image", mediaType: "image/png", source: { kind: "base64", data: "iVBO" } },
      { type: "image", mediaType: "image/webp", source: { kind: "url", url: "https://x/y.webp" } },
      {
        type: "document",
        mediaType: "application/pdf",
        source: { kind: "url", url: "https://x/a.pdf" },
        title: "a.pdf",
      },
      {
        type: "reasoning",
        provider: "anthropic",
        item: { type: "thinking", thinking: "t", signature: "s" },
      },
      { type: "reasoning", provider: "anthropic", item: { type: "redacted_thinking", data: "d" } },
      {
        type: "reasoning",
        provider: "openai",
        item: { type: "reasoning", id: "rs_1", summary: [] },
      },
    ];
    const conversation = appendAssistantMessage(withCall(), content);
    const message = conversation.messages.at(-1)!;
    expect(message).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "see <!-- (quoted) OPENCLAW_CACHE_BOUNDARY --> here" },
        ...content.slice(1),
      ],
    });
    expect(conversation.messages).toHaveLength(3);
    expect(Object.isFrozen(conversation)).toBe(true);
    expect(Object.isFrozen(conversation.messages)).toBe(true);
    expect(Object.isFrozen(message)).toBe(true);
    expect(Object.isFrozen(message.content)).toBe(true);
    for (const block of message.content) expect(Object.isFrozen(block)).toBe(true);
    // A copy: the caller's block stays the caller's.
    expect(message.content[1]).not.toBe(content[1]);
  });
});

describe("appendAssistantMessage rejects a malformed block, naming the field", () => {
  const fn = "appendAssistantMessage";
  const run = (block: unknown) => () => appendAssistantMessage(withCall(), [block as never]);
  const url = { kind: "url", url: "u" };
  const cases: [string, () => unknown, object][] = [
    [
      "an empty content array",
      () => appendAssistantMessage(withCall(), []),
      invalid(fn, "content", "a non-empty array of content blocks", "an array"),
    ],
    [
      "content that is not an array",
      () => appendAssistantMessage(withCall(), "hi" as never),
      invalid(fn, "content", "a non-empty array of content blocks", "a string"),
    ],
    [
      "a block that is not an object",
      run("hi"),
      invalid(fn, "content[0]", "a content block object", "a string"),
    ],
    [
      "a block that is null",
      run(null),
      invalid(fn, "content[0]", "a content block object", "null"),
    ],
    [
      "text that is not a string",
      run({ type: "text", text: 3 }),
      invalid(fn, "content[0].text", "a string", "a number"),
    ],
    [
      "a tool call with an empty id",
      run({ type: "tool-call", id: "", name: "read", input: {} }),
      invalid(fn, "content[0].id", "a non-empty string", "a string"),
    ],
    [
      "a tool call without an id",
      run({ type: "tool-call", name: "read", input: {} }),
      invalid(fn, "content[0].id", "a non-empty string", "nothing"),
    ],
    [
      "a tool call with an empty name",
      run({ type: "tool-call", id: "c", name: "", input: {} }),
      invalid(fn, "content[0].name", "a non-empty string", "a string"),
    ],
    [
      "a tool call without a name",
      run({ type: "tool-call", id: "c", input: {} }),
      invalid(fn, "content[0].name", "a non-empty string", "nothing"),
    ],
    [
      "a tool call whose input is an array",
      run({ type: "tool-call", id: "c", name: "read", input: [] }),
      invalid(fn, "content[0].input", "a JSON object", "an array"),
    ],
    [
      "a tool call whose input is not JSON",
      run({ type: "tool-call", id: "c", name: "read", input: { n: Number.NaN } }),
      invalid(fn, "content[0].input", "a JSON value", "an object"),
    ],
    [
      "an image of another type",
      run({ type: "image", mediaType: "image/tiff", source: url }),
      invalid(
        fn,
        "content[0].mediaType",
        "image/png, image/jpeg, image/gif or image/webp",
        "a string",
      ),
    ],
    [
      "an image without a type",
      run({ type: "image", source: url }),
      invalid(
        fn,
        "content[0].mediaType",
        "image/png, image/jpeg, image/gif or image/webp",
        "nothing",
      ),
    ],
    [
      "an image without a source",
      run({ type: "image", mediaType: "image/png" }),
      invalid(fn, "content[0].source", SOURCE, "nothing"),
    ],
    [
      "an image whose base64 source has a url instead of data",
      run({ type: "image", mediaType: "image/png", source: { kind: "base64", url: "u" } }),
      invalid(fn, "content[0].source", SOURCE, "an object"),
    ],
    [
      "an image whose url source has data instead of a url",
      run({ type: "image", mediaType: "image/png", source: { kind: "url", data: "d" } }),
      invalid(fn, "content[0].source", SOURCE, "an object"),
    ],
    [
      "an image whose source is of another kind",
      run({ type: "image", mediaType: "image/png", source: { kind: "file", data: "d", url: "u" } }),
      invalid(fn, "content[0].source", SOURCE, "an object"),
    ],
    [
      "a document that is not a PDF",
      run({ type: "document", mediaType: "text/plain", source: url }),
      invalid(fn, "content[0].mediaType", '"application/pdf"', "a string"),
    ],
    [
      "a document whose url is not a string",
      run({ type: "document", mediaType: "application/pdf", source: { kind: "url", url: 1 } }),
      invalid(fn, "content[0].source", SOURCE, "an object"),
    ],
    [
      "a document whose base64 data is not a string",
      run({ type: "document", mediaType: "application/pdf", source: { kind: "base64", data: 1 } }),
      invalid(fn, "content[0].source", SOURCE, "an object"),
    ],
    [
      "an Anthropic thinking block without a signature",
      run({ type: "reasoning", provider: "anthropic", item: { type: "thinking", thinking: "t" } }),
      invalid(fn, "content[0].item", REASONING, "an object"),
    ],
    [
      "an Anthropic thinking block without its text",
      run({ type: "reasoning", provider: "anthropic", item: { type: "thinking", signature: "s" } }),
      invalid(fn, "content[0].item", REASONING, "an object"),
    ],
    [
      "an Anthropic item of another type with a thinking text and a signature",
      run({
        type: "reasoning",
        provider: "anthropic",
        item: { type: "thought", thinking: "t", signature: "s" },
      }),
      invalid(fn, "content[0].item", REASONING, "an object"),
    ],
    [
      "an Anthropic item of another type with data",
      run({ type: "reasoning", provider: "anthropic", item: { type: "redacted", data: "d" } }),
      invalid(fn, "content[0].item", REASONING, "an object"),
    ],
    [
      "an OpenAI item of another type with an id",
      run({ type: "reasoning", provider: "openai", item: { type: "message", id: "r" } }),
      invalid(fn, "content[0].item", REASONING, "an object"),
    ],
    [
      "an Anthropic redacted block without data",
      run({ type: "reasoning", provider: "anthropic", item: { type: "redacted_thinking" } }),
      invalid(fn, "content[0].item", REASONING, "an object"),
    ],
    [
      "an OpenAI item sent as Anthropic's",
      run({ type: "reasoning", provider: "anthropic", item: { type: "reasoning", id: "r" } }),
      invalid(fn, "content[0].item", REASONING, "an object"),
    ],
    [
      "an Anthropic block sent as OpenAI's",
      run({
        type: "reasoning",
        provider: "openai",
        item: { type: "redacted_thinking", data: "d" },
      }),
      invalid(fn, "content[0].item", REASONING, "an object"),
    ],
    [
      "an OpenAI reasoning item without an id",
      run({ type: "reasoning", provider: "openai", item: { type: "reasoning" } }),
      invalid(fn, "content[0].item", REASONING, "an object"),
    ],
    [
      "reasoning of another provider",
      run({ type: "reasoning", provider: "gemini", item: { type: "reasoning", id: "r" } }),
      invalid(fn, "content[0].item", REASONING, "an object"),
    ],
    [
      "reasoning without an item",
      run({ type: "reasoning", provider: "openai" }),
      invalid(fn, "content[0].item", REASONING, "nothing"),
    ],
    [
      "a reasoning item that is not JSON",
      run({
        type: "reasoning",
        provider: "openai",
        item: { type: "reasoning", id: "r", n: Infinity },
      }),
      invalid(fn, "content[0].item", "a JSON value", "an object"),
    ],
    [
      "a block of another type",
      run({ type: "tool-result", id: "c1" }),
      invalid(
        fn,
        "content[0].type",
        '"text", "tool-call", "image", "document" or "reasoning" (tool results go through appendToolResults)',
        "a string",
      ),
    ],
  ];
  it.each(cases)("%s", (_name, bad, expected) => {
    expect(thrownBy(bad)).toMatchObject(expected);
  });

  it("names the index of the bad block", () => {
    const error = thrownBy(() =>
      appendAssistantMessage(withCall(), [{ type: "text", text: "ok" }, { type: "text" } as never]),
    );
    expect(error).toMatchObject({ path: "content[1].text" });
  });
});

describe("appendToolResults", () => {
  const fn = "appendToolResults";
  const twoCalls = (): Conversation =>
    appendAssistantMessage(withCall(), [
      { type: "text", text: "and b" },
      { type: "tool-call", id: "c2", name: "list", input: {} },
    ]);

  it("stores text, JSON and the error flag, in the order given, quoting marker look-alikes", () => {
    const answered = appendToolResults(twoCalls(), [
      { id: "c2", json: { files: ["x"] }, isError: false },
      { id: "c1", text: "no <!-- OPENCLAW_RUNTIME_TAIL_END -->", json: 1, isError: true },
    ]);
    const message = answered.messages.at(-1)!;
    expect(message).toEqual({
      role: "user",
      content: [
        { type: "tool-result", id: "c2", name: "list", json: { files: ["x"] } },
        {
          type: "tool-result",
          id: "c1",
          name: "read",
          text: "no <!-- (quoted) OPENCLAW_RUNTIME_TAIL_END -->",
          json: 1,
          isError: true,
        },
      ],
    });
    expect(Object.keys(message.content[0]!)).toEqual(["type", "id", "name", "json"]);
    expect(Object.isFrozen(message.content[0])).toBe(true);
    expect(Object.isFrozen(answered.messages)).toBe(true);
  });

  it("stores a text-only result without a json member", () => {
    const message = appendToolResults(withCall(), [{ id: "c1", text: "a" }]).messages.at(-1)!;
    expect(message.content).toStrictEqual([
      { type: "tool-result", id: "c1", name: "read", text: "a" },
    ]);
    expect(Object.keys(message.content[0]!)).toEqual(["type", "id", "name", "text"]);
  });

  it("answers the calls of one message in several results messages", () => {
    const first = appendToolResults(twoCalls(), [{ id: "c1", text: "a" }]);
    const second = appendToolResults(first, [{ id: "c2", text: "b" }]);
    expect(second.messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "tool-result", id: "c2", name: "list", text: "b" }],
    });
  });

  it("a user message with text among other blocks ends the search too", () => {
    const called = withCall();
    const image = { type: "image", mediaType: "image/png", source: { kind: "url", url: "u" } };
    const conversation: Conversation = {
      ...called,
      messages: [
        ...called.messages,
        { role: "user", content: [{ type: "text", text: "look" }, image as MessageContent] },
      ],
    };
    expect(
      thrownBy(() => appendToolResults(conversation, [{ id: "c1", text: "late" }])),
    ).toMatchObject({ code: "PROVIDERS_BAD_ORDER", path: "results[0].id" });
  });

  it("answers only tool calls, not another block that carries an id", () => {
    const image = {
      type: "image",
      mediaType: "image/png",
      source: { kind: "url", url: "u" },
      id: "c9",
      name: "read",
    };
    const conversation = appendAssistantMessage(withCall(), [image as never]);
    expect(
      thrownBy(() => appendToolResults(conversation, [{ id: "c9", text: "x" }])),
    ).toMatchObject({ code: "PROVIDERS_BAD_ORDER", path: "results[0].id" });
  });

  it("answers only calls after the newest user text, each once", () => {
    const answered = appendToolResults(withCall(), [{ id: "c1", text: "a" }]);
    const next = buildAnthropicRequest(turn, {
      conversation: answered,
      userText: "again",
      maxTokens: 100,
    }).conversation;
    const later = appendAssistantMessage(next, [
      { type: "tool-call", id: "c3", name: "read", input: {} },
    ]);
    // c1 belongs to the turn before the newest user text.
    const unanswered = appendAssistantMessage(
      buildAnthropicRequest(turn, { conversation: withCall(), userText: "x", maxTokens: 100 })
        .conversation,
      [{ type: "text", text: "ok" }],
    );
    expect(
      thrownBy(() => appendToolResults(unanswered, [{ id: "c1", text: "late" }])),
    ).toMatchObject({ code: "PROVIDERS_BAD_ORDER" });
    expect(thrownBy(() => appendToolResults(later, [{ id: "c1", text: "again" }]))).toMatchObject({
      code: "PROVIDERS_BAD_ORDER",
    });
    expect(appendToolResults(later, [{ id: "c3", text: "b" }]).messages).toHaveLength(
      later.messages.length + 1,
    );
    expect(
      thrownBy(() =>
        appendToolResults(twoCalls(), [
          { id: "c1", text: "a" },
          { id: "c1", text: "a twice" },
        ]),
      ),
    ).toMatchObject({ code: "PROVIDERS_BAD_ORDER", path: "results[1].id" });
  });

  it("a result for no open call: PROVIDERS_BAD_ORDER with the id, the path and a hint", () => {
    expect(
      thrownBy(() =>
        appendToolResults(twoCalls(), [
          { id: "c2", text: "b" },
          { id: "zz", text: "x" },
        ]),
      ),
    ).toMatchObject({
      code: "PROVIDERS_BAD_ORDER",
      message: `${fn}: results[1].id "zz" answers no open tool call of the newest assistant messages.`,
      path: "results[1].id",
      hint: "Append the assistant message with the tool call (appendAssistantMessage) first, and answer each call once.",
    });
  });

  const cases: [string, () => unknown, object][] = [
    [
      "no results",
      () => appendToolResults(withCall(), []),
      invalid(fn, "results", "a non-empty array of `{ id, text?, json?, isError? }`", "an array"),
    ],
    [
      "results that are not an array",
      () => appendToolResults(withCall(), { id: "c1" } as never),
      invalid(fn, "results", "a non-empty array of `{ id, text?, json?, isError? }`", "an object"),
    ],
    [
      "a result that is not an object",
      () => appendToolResults(withCall(), ["c1"] as never),
      invalid(fn, "results[0]", "an object `{ id, text?, json? }`", "a string"),
    ],
    [
      "a result with neither text nor JSON",
      () => appendToolResults(withCall(), [{ id: "c1" }]),
      invalid(fn, "results[0]", "a result with text, json or both", "an object"),
    ],
    [
      "a result whose text is not a string",
      () => appendToolResults(withCall(), [{ id: "c1", text: 5 as never }]),
      invalid(fn, "results[0].text", "a string", "a number"),
    ],
    [
      "a result whose JSON is not JSON",
      () => appendToolResults(withCall(), [{ id: "c1", json: { at: Number.POSITIVE_INFINITY } }]),
      invalid(fn, "results[0].json", "a JSON value", "an object"),
    ],
  ];
  it.each(cases)("rejects %s", (_name, bad, expected) => {
    expect(thrownBy(bad)).toMatchObject(expected);
  });
});
