import type { TokenCounter } from "@promptstack/core";
import type { Tool } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { makeRequestTurn } from "../test/make-request-turn.js";
import { appendAssistantReply } from "./append-assistant-reply.js";
import { appendAssistantMessage, appendToolResults } from "./append-conversation-message.js";
import { formatToolSegmentText } from "./plan-cache-segments.js";
import { prepareRequest } from "./prepare-request.js";
import type { BuildRequestOptions } from "./prepare-request.js";
import { toCanonicalTools } from "./to-canonical-tools.js";
import type { PromptTurn } from "./types.js";
import { thrownBy } from "@promptstack-tools/test-utils";

const anthropic = (turn: PromptTurn, options: BuildRequestOptions = {}) =>
  prepareRequest(turn, options, "explicit", "anthropic");

/** A counter that knows only the given texts: counting any other (a per-turn one) fails. */
function tableCounter(table: Record<string, number>, name?: string) {
  const counted: string[] = [];
  const counter: TokenCounter = {
    ...(name === undefined ? {} : { name }),
    countTokens: (text) => {
      counted.push(text);
      const tokens = table[text];
      if (tokens === undefined) throw new Error(`counted a text it should not: ${text}`);
      return tokens;
    },
    isWithinLimit: () => true,
  };
  return { counter, counted };
}

const messageTexts = (prepared: ReturnType<typeof anthropic>) =>
  prepared.conversation.messages.map((message) =>
    message.content.map((block) => (block.type === "text" ? block.text : block.type)),
  );

describe("prepareRequest: the turn", () => {
  const whole = makeRequestTurn();
  const expected =
    "an assembled turn (`await assembler.turn(facts)`) or a PromptTurn `{ prompt, profile, factsLocation, tools, modelId }`";

  it.each([
    ["nothing", undefined, "nothing"],
    ["null", null, "null"],
    ["a string", "RULES", "a string"],
    ["a bare rendered prompt", whole.prompt, "an object"],
    ["a string prompt", { ...whole, prompt: "RULES" }, "an object"],
    ["a null prompt", { ...whole, prompt: null }, "an object"],
    ["a string profile", { ...whole, profile: "openclaw" }, "an object"],
    ["a null profile", { ...whole, profile: null }, "an object"],
    ["an unknown factsLocation", { ...whole, factsLocation: "nowhere" }, "an object"],
    ["tools that are not an array", { ...whole, tools: {} }, "an object"],
    ["a model id that is not a string", { ...whole, modelId: 4 }, "an object"],
  ])("refuses %s, saying what a turn is", (_name, turn, got) => {
    expect(thrownBy(() => anthropic(turn as PromptTurn, { userText: "hi" }))).toMatchObject({
      code: "PROVIDERS_INVALID_ARGUMENT",
      message: `build request: turn must be ${expected}, got ${got}.`,
      path: "turn",
      hint: `Pass ${expected} as turn.`,
    });
  });

  it.each(["user-message", "system-prompt"] as const)(
    "takes a turn with factsLocation %s",
    (at) => {
      expect(anthropic(makeRequestTurn({ factsLocation: at }), { userText: "hi" }).model).toBe(
        "claude-sonnet-4-5",
      );
    },
  );

  it("sends the option's model over the turn's", () => {
    expect(anthropic(whole, { userText: "hi", model: "claude-opus-4-5" }).model).toBe(
      "claude-opus-4-5",
    );
  });
});

describe("prepareRequest: the user message", () => {
  it("asks for userText when there is none and the conversation does not end with a user turn", () => {
    expect(thrownBy(() => anthropic(makeRequestTurn()))).toMatchObject({
      code: "PROVIDERS_NO_USER_TURN",
      message: "the request has no user message to answer.",
      path: "userText",
      hint: "Pass userText (what the user wrote this turn).",
    });
    // A turn input with neither text, heartbeat nor start-up block brings no message either.
    const carrierOnly = makeRequestTurn({ turnInput: { carrier: "<ctx/>" } });
    expect(thrownBy(() => anthropic(carrierOnly))).toMatchObject({
      code: "PROVIDERS_NO_USER_TURN",
    });
  });

  it.each([
    ["the turn's own text", { userText: "from the turn" }, {}, "from the turn"],
    [
      "the option over the turn's text",
      { userText: "from the turn" },
      { userText: "given" },
      "given",
    ],
    ["a heartbeat alone", { heartbeat: "HEARTBEAT" }, {}, "HEARTBEAT"],
    ["a start-up block alone", { startup: "STARTUP" }, {}, "STARTUP"],
    ["a start-up block, then a heartbeat", { startup: "S", heartbeat: "H" }, {}, "S\n\nH"],
  ])("appends %s", (_name, turnInput, options, text) => {
    const prepared = anthropic(makeRequestTurn({ turnInput }), options);
    expect(messageTexts(prepared)).toEqual([[text]]);
  });

  it("appends a turn's message once: a tool step with the same turn sends the history as it is", () => {
    const tools: Tool[] = [{ name: "read" }];
    const turn = makeRequestTurn({ tools, turnInput: { userText: "read a" } });
    const first = anthropic(turn);
    let conversation = appendAssistantMessage(first.conversation, [
      { type: "tool-call", id: "c1", name: "read", input: {} },
    ]);
    conversation = appendToolResults(conversation, [{ id: "c1", text: "alpha" }]);
    const step = anthropic(turn, { conversation });
    expect(messageTexts(step)).toEqual([["read a"], ["tool-call"], ["tool-result"]]);
    expect(step.conversation.turnEnds).toEqual([1, 3]);
    // The next turn (a new input object) is appended, even with equal text.
    const next = anthropic({ ...turn, turnInput: { userText: "read a" } }, { conversation });
    expect(messageTexts(next)).toEqual([["read a"], ["tool-call"], ["tool-result"], ["read a"]]);
  });

  it("asks for userText when a turn without input follows one with input and the reply", () => {
    const first = anthropic(makeRequestTurn({ turnInput: { userText: "one" } }));
    const replied = appendAssistantReply(first.conversation, "done");
    expect(thrownBy(() => anthropic(makeRequestTurn(), { conversation: replied }))).toMatchObject({
      code: "PROVIDERS_NO_USER_TURN",
      message: "the request has no user message to answer.",
      path: "userText",
    });
  });

  it("keeps which turn input was sent across a request whose turn has none", () => {
    const turn = makeRequestTurn({ turnInput: { userText: "one" } });
    const first = anthropic(turn);
    const plain = anthropic(makeRequestTurn(), {
      conversation: first.conversation,
      userText: "two",
    });
    const again = anthropic(turn, { conversation: plain.conversation });
    expect(messageTexts(again)).toEqual([["one"], ["two"]]);
  });
});

describe("prepareRequest: the layout", () => {
  it("follows the turn without a word when the option agrees", () => {
    const prepared = anthropic(makeRequestTurn({ factsLocation: "user-message" }), {
      userText: "hi",
      layout: "turn-context",
    });
    expect(prepared.conversation.layout).toBe("turn-context");
    expect(prepared.diagnostics.map((d) => d.code)).toEqual(["PROVIDERS_PREFIX_BELOW_MINIMUM"]);
  });

  it.each([
    [
      "system-prompt",
      "turn-context",
      "system prompt",
      'Leave layout out, or create the assembler with factsLocation: "user-message".',
    ],
    [
      "user-message",
      "system-tail",
      "newest user message",
      'Leave layout out, or create the assembler with factsLocation: "system-prompt".',
    ],
  ] as const)(
    "honours a contradicting layout and says so (%s turn, %s forced)",
    (at, forced, where, hint) => {
      const prepared = prepareRequest(
        makeRequestTurn({ factsLocation: at }),
        { userText: "hi", layout: forced },
        "none",
        undefined,
      );
      expect(prepared.conversation.layout).toBe(forced);
      expect(prepared.diagnostics).toStrictEqual([
        {
          code: "PROVIDERS_LAYOUT_CONTRADICTS_TURN",
          severity: "warning",
          message: `the request uses the ${forced} layout, but the turn's prompt says the per-turn facts arrive in the ${where}`,
          path: "layout",
          hint,
        },
      ]);
    },
  );
});

describe("prepareRequest: the minimum cacheable prefix", () => {
  const belowMinimum = (tokens: number, name: string) => ({
    code: "PROVIDERS_PREFIX_BELOW_MINIMUM",
    severity: "warning",
    message: `the stable prefix (tools + system text) is about ${tokens} tokens (${name}); anthropic caches nothing shorter than 1024 tokens for claude-sonnet-4-5`,
    hint: "Expect no cache hits until the history makes the prompt long enough; the prefix itself is never cached.",
  });

  it("warns one token below the minimum, not at it", () => {
    const turn = makeRequestTurn();
    const at = tableCounter({ RULES: 1024 }, "table");
    expect(anthropic(turn, { userText: "hi", countTokens: at.counter }).diagnostics).toEqual([]);
    const below = tableCounter({ RULES: 1023 }, "table");
    expect(
      anthropic(turn, { userText: "hi", countTokens: below.counter }).diagnostics,
    ).toStrictEqual([belowMinimum(1023, "table")]);
    expect(below.counted).toEqual(["RULES"]);
  });

  it("counts the tools with the system text, never the per-turn facts or the messages", () => {
    const tools: Tool[] = [{ name: "read", description: "Reads a file." }];
    const toolText = formatToolSegmentText(toCanonicalTools(tools).tools[0]!);
    for (const factsLocation of ["system-prompt", "user-message"] as const) {
      const turn = makeRequestTurn({ tools, factsLocation });
      const { counter, counted } = tableCounter({ [toolText]: 24, RULES: 1000 });
      expect(anthropic(turn, { userText: "hi", countTokens: counter }).diagnostics).toEqual([]);
      expect(counted).toEqual([toolText, "RULES"]);
    }
  });

  it("names an unnamed counter so", () => {
    const { counter } = tableCounter({ RULES: 3 });
    expect(
      anthropic(makeRequestTurn(), { userText: "hi", countTokens: counter }).diagnostics,
    ).toStrictEqual([belowMinimum(3, "unnamed")]);
  });

  it("counts a prefix once per counter and stable text, and again when either changes", () => {
    const turn = makeRequestTurn();
    const one = tableCounter({ RULES: 10, OTHER: 11 }, "one");
    const first = anthropic(turn, { userText: "a", countTokens: one.counter });
    const same = anthropic(turn, {
      conversation: first.conversation,
      userText: "b",
      countTokens: one.counter,
    });
    expect(same.diagnostics).toStrictEqual([belowMinimum(10, "one")]);
    expect(one.counted).toEqual(["RULES"]);

    const changed = anthropic(makeRequestTurn({ rules: "OTHER" }), {
      conversation: same.conversation,
      userText: "c",
      countTokens: one.counter,
    });
    expect(changed.diagnostics).toStrictEqual([belowMinimum(11, "one")]);

    const two = tableCounter({ OTHER: 20 }, "two");
    const recounted = anthropic(makeRequestTurn({ rules: "OTHER" }), {
      conversation: changed.conversation,
      userText: "d",
      countTokens: two.counter,
    });
    expect(recounted.diagnostics).toStrictEqual([belowMinimum(20, "two")]);
    expect(one.counted).toEqual(["RULES", "OTHER"]);
  });

  it("checks no minimum without a provider", () => {
    const { counter, counted } = tableCounter({});
    const prepared = prepareRequest(
      makeRequestTurn(),
      { userText: "hi", countTokens: counter },
      "none",
      undefined,
    );
    expect(prepared.diagnostics).toEqual([]);
    expect(counted).toEqual([]);
  });
});

describe("prepareRequest: the tools", () => {
  const schema = (extra: Record<string, unknown>) =>
    ({ type: "object", ...extra }) as NonNullable<Tool["parameters"]>;

  it("reuses the canonical tools of the last request for tools equal by value", () => {
    const make = (): Tool[] => [
      { name: "read", description: "Reads.", parameters: schema({ required: ["path"] }) },
      { name: "exec" },
    ];
    const first = anthropic(makeRequestTurn({ tools: make() }), { userText: "a" });
    const second = anthropic(makeRequestTurn({ tools: make() }), {
      conversation: first.conversation,
      userText: "b",
    });
    expect(second.conversation.requestMemo!.canonical).toBe(
      first.conversation.requestMemo!.canonical,
    );
    expect(second.tools).toBe(first.tools);
  });

  it.each([
    ["another description", { description: "a" }, { description: "b" }],
    [
      "another array item",
      { parameters: schema({ required: ["a"] }) },
      { parameters: schema({ required: ["b"] }) },
    ],
    [
      "an array for an object",
      { parameters: schema({ default: {} }) },
      { parameters: schema({ default: [] }) },
    ],
    [
      "an object with a length for an array",
      { parameters: schema({ default: ["x"] }) },
      { parameters: schema({ default: { 0: "x", length: 1 } }) },
    ],
    [
      "an empty object for a number",
      { parameters: schema({ default: 0 }) },
      { parameters: schema({ default: {} }) },
    ],
    [
      "an empty string for an empty object",
      { parameters: schema({ default: {} }) },
      { parameters: schema({ default: "" }) },
    ],
    [
      "an object for an array",
      { parameters: schema({ default: [] }) },
      { parameters: schema({ default: {} }) },
    ],
    [
      "a longer array",
      { parameters: schema({ required: ["a"] }) },
      { parameters: schema({ required: ["a", "b"] }) },
    ],
    ["another key", { parameters: schema({ x: 1 }) }, { parameters: schema({ y: 1 }) }],
    ["one more key", { parameters: schema({ x: 1 }) }, { parameters: schema({ x: 1, y: 2 }) }],
    ["one key fewer", { parameters: schema({ x: 1, y: 2 }) }, { parameters: schema({ x: 1 }) }],
    [
      "an object for null",
      { parameters: schema({ default: null }) },
      { parameters: schema({ default: {} }) },
    ],
    [
      "null for an object",
      { parameters: schema({ default: {} }) },
      { parameters: schema({ default: null }) },
    ],
  ])("canonicalizes the tools again for %s", (_name, before, after) => {
    const tool = (fields: object): Tool[] => [{ name: "exec" }, { name: "read", ...fields }];
    const first = anthropic(makeRequestTurn({ tools: tool(before) }), { userText: "a" });
    const second = anthropic(makeRequestTurn({ tools: tool(after) }), {
      conversation: first.conversation,
      userText: "b",
    });
    expect(second.tools).toStrictEqual(toCanonicalTools(tool(after)).tools);
    expect(second.tools).not.toStrictEqual(first.tools);
  });

  it("checks the tools against the per-turn values of each request", () => {
    const tools: Tool[] = [{ name: "post", description: "Posts to #general." }];
    const first = anthropic(makeRequestTurn({ tools }), { userText: "a" });
    expect(first.diagnostics.map((d) => d.code)).toEqual(["PROVIDERS_PREFIX_BELOW_MINIMUM"]);
    const second = anthropic(makeRequestTurn({ tools }), {
      conversation: first.conversation,
      userText: "b",
      volatileValues: ["#general"],
    });
    expect(second.diagnostics.map((d) => d.code)).toEqual([
      "PROVIDERS_VOLATILE_TOOL_DESCRIPTION",
      "PROVIDERS_PREFIX_BELOW_MINIMUM",
    ]);
  });
});
