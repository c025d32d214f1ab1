import { buildAgentSystemPrompt } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { makeRequestTurn } from "../test/make-request-turn.js";
import { invalidArgument as invalid } from "../test/expected-errors.js";
import { appendAssistantReply } from "./append-assistant-reply.js";
import { appendAssistantMessage, appendToolResults } from "./append-conversation-message.js";
import { appendUserTurn } from "./append-user-turn.js";
import { createConversation } from "./create-conversation.js";
import type { CreateConversationOptions } from "./create-conversation.js";
import { planCacheSegments } from "./plan-cache-segments.js";
import { recordRequestEnd } from "./prepare-request.js";
import { ProvidersError } from "./providers-error.js";
import { toCanonicalTools } from "./to-canonical-tools.js";
import type { MessageContent } from "./types.js";
import { toTestTurn } from "../test/fixture-conversation.js";

const prompt = buildAgentSystemPrompt({
  runtimeFactsLocation: "user-message",
  contextFiles: [{ path: "MEMORY.md", content: "- likes tea" }],
  volatile: { time: { date: "2026-11-29", time: "09:12", timeZone: "UTC" } },
});
const { tools } = toCanonicalTools([{ name: "read" }, { name: "write" }]);

const turn = toTestTurn(prompt, { layout: "turn-context", tools: [] });

function conversationWith(replyBlocks: number, options: CreateConversationOptions = {}) {
  let conversation = createConversation(options);
  conversation = appendUserTurn(conversation, turn, "one", "turn-context").conversation;
  conversation = recordRequestEnd(conversation);
  conversation = appendAssistantReply(
    conversation,
    Array.from({ length: replyBlocks }, (_, i) => `step ${i}`),
  );
  return appendUserTurn(conversation, turn, "two", "turn-context").conversation;
}

function breakpoints(plan: ReturnType<typeof planCacheSegments>): string[] {
  return plan.segments
    .filter((segment) => segment.breakpoint)
    .map((segment) => JSON.stringify(segment.ref));
}

describe("planCacheSegments", () => {
  it("places breakpoints after the tools, the stable system text and the newest message", () => {
    const plan = planCacheSegments(conversationWith(1), { tools, breakpoints: "explicit" });
    expect(breakpoints(plan)).toEqual([
      '{"area":"tools","index":1}',
      '{"area":"system","part":"rules"}',
      '{"area":"messages","message":2,"block":0}',
    ]);
    expect(plan.diagnostics).toEqual([]);
  });

  it("adds an intermediate breakpoint when a turn adds more than 20 blocks", () => {
    const plan = planCacheSegments(conversationWith(25), { tools, breakpoints: "explicit" });
    // The previous newest message is segment 3 (2 tools, 1 system); 20 blocks later: block 19.
    expect(breakpoints(plan)).toContain('{"area":"messages","message":1,"block":19}');
    expect(breakpoints(plan)).toHaveLength(4);
  });

  it("never places more than 4: drops the rules, then the tools breakpoint, with a warning", () => {
    const plan = planCacheSegments(
      conversationWith(25, { workspaceBoundary: ["workspace_files"] }),
      {
        tools,
        breakpoints: "explicit",
      },
    );
    expect(breakpoints(plan)).toHaveLength(4);
    expect(breakpoints(plan)).not.toContain('{"area":"system","part":"rules"}');
    expect(plan.diagnostics.map((d) => d.code)).toEqual(["PROVIDERS_TOO_MANY_BREAKPOINTS"]);
    expect(plan.diagnostics[0]!.message).toContain("dropped the rules breakpoint");
  });

  it("places none for automatic caching", () => {
    const plan = planCacheSegments(conversationWith(1), { tools, breakpoints: "none" });
    expect(breakpoints(plan)).toEqual([]);
  });

  it("needs a user turn to build a request for", () => {
    expect(() => planCacheSegments(createConversation(), { tools, breakpoints: "none" })).toThrow(
      ProvidersError,
    );
  });
});

describe("planCacheSegments: where the lookback breakpoint goes", () => {
  const small = makeRequestTurn();
  const thinking = (n: number): MessageContent => ({
    type: "reasoning",
    provider: "anthropic",
    item: { type: "thinking", thinking: `t${n}`, signature: "s" },
  });
  const text = (n: number): MessageContent => ({ type: "text", text: `r${n}` });

  /** "one" (a request ended there), an assistant message of `reply`, then "two". */
  function planWith(
    reply: readonly MessageContent[],
    lookbackBlocks: number,
    turnEnds?: number[],
    maxBreakpoints = 4,
  ) {
    let conversation = appendUserTurn(
      createConversation(),
      small,
      "one",
      "system-tail",
    ).conversation;
    conversation = recordRequestEnd(conversation);
    conversation = appendAssistantMessage(conversation, reply);
    conversation = appendUserTurn(conversation, small, "two", "system-tail").conversation;
    if (turnEnds !== undefined) conversation = { ...conversation, turnEnds };
    // Segments: rules 0, volatile 1, "one" 2, the reply from 3, "two" last.
    return planCacheSegments(conversation, {
      tools: [],
      breakpoints: "explicit",
      lookbackBlocks,
      maxBreakpoints,
    });
  }

  it("places none when the turn adds exactly the lookback, one when it adds one more", () => {
    // "two" is 3 blocks after "one" (two reply blocks, then "two").
    expect(breakpoints(planWith([text(0), text(1)], 3))).toEqual([
      '{"area":"system","part":"rules"}',
      '{"area":"messages","message":2,"block":0}',
    ]);
    expect(breakpoints(planWith([text(0), text(1)], 2))).toEqual([
      '{"area":"system","part":"rules"}',
      '{"area":"messages","message":1,"block":1}',
      '{"area":"messages","message":2,"block":0}',
    ]);
  });

  it("moves it back off reasoning blocks, to the nearest block that can carry it", () => {
    const plan = planWith([text(0), thinking(1), thinking(2), text(3)], 3);
    expect(breakpoints(plan)).toEqual([
      '{"area":"system","part":"rules"}',
      '{"area":"messages","message":1,"block":0}',
      '{"area":"messages","message":2,"block":0}',
    ]);
  });

  it("moves it back no further than the previous request's end", () => {
    const plan = planWith([thinking(0), thinking(1), text(2)], 2);
    expect(breakpoints(plan)).toEqual([
      '{"area":"system","part":"rules"}',
      '{"area":"messages","message":0,"block":0}',
      '{"area":"messages","message":2,"block":0}',
    ]);
  });

  it("counts from the stable text without a previous request, and past the end from the last message", () => {
    const reply = [text(0), text(1), text(2)];
    // No request before: from the stable text (segment 0), 4 blocks on is the reply's second.
    expect(breakpoints(planWith(reply, 4, []))).toEqual([
      '{"area":"system","part":"rules"}',
      '{"area":"messages","message":1,"block":1}',
      '{"area":"messages","message":2,"block":0}',
    ]);
    expect(breakpoints(planWith(reply, 4, [0]))).toEqual(breakpoints(planWith(reply, 4, [])));
    // A recorded end past the messages counts from the newest message: nothing to look back for.
    expect(breakpoints(planWith(reply, 1, [9]))).toEqual([
      '{"area":"system","part":"rules"}',
      '{"area":"messages","message":2,"block":0}',
    ]);
  });

  it("drops breakpoints from the least useful, saying what each loss costs", () => {
    const tooMany = planCacheSegments(conversationWith(1), {
      tools,
      breakpoints: "explicit",
      maxBreakpoints: 1,
    });
    expect(breakpoints(tooMany)).toEqual(['{"area":"messages","message":2,"block":0}']);
    const hint = "Turn the workspace boundary off to free a breakpoint.";
    expect(tooMany.diagnostics).toStrictEqual([
      {
        code: "PROVIDERS_TOO_MANY_BREAKPOINTS",
        severity: "warning",
        message:
          "more than 1 cache breakpoints wanted; dropped the tools breakpoint, so a system change also re-bills the tools",
        hint,
      },
      {
        code: "PROVIDERS_TOO_MANY_BREAKPOINTS",
        severity: "warning",
        message:
          "more than 1 cache breakpoints wanted; dropped the stable breakpoint, so the system text is cached only together with the history",
        hint,
      },
    ]);
  });

  it("drops the lookback breakpoint after the rules and the tools ones", () => {
    const plan = planWith([text(0), text(1)], 2, undefined, 2);
    expect(breakpoints(plan)).toEqual([
      '{"area":"system","part":"rules"}',
      '{"area":"messages","message":2,"block":0}',
    ]);
    expect(plan.diagnostics.map((d) => d.message)).toEqual([
      "more than 2 cache breakpoints wanted; dropped the intermediate breakpoint, so this turn's history is read from cache only up to the lookback",
    ]);
  });

  it("drops nothing more when the lookback block is the newest one", () => {
    // Exactly the lookback: the block it would mark is the newest, so it is not a breakpoint more.
    const plan = planWith([text(0), text(1)], 3, undefined, 1);
    expect(breakpoints(plan)).toEqual(['{"area":"messages","message":2,"block":0}']);
    expect(plan.diagnostics.map((d) => d.message)).toEqual([
      "more than 1 cache breakpoints wanted; dropped the stable breakpoint, so the system text is cached only together with the history",
    ]);
  });
});

describe("planCacheSegments: the segments", () => {
  it("lays the tools out by their canonical JSON, or by the texts given for them", () => {
    const conversation = conversationWith(1);
    const computed = planCacheSegments(conversation, { tools, breakpoints: "none" });
    expect(computed.segments.slice(0, 2).map((segment) => segment.text)).toStrictEqual([
      '{"input_schema":{"type":"object"},"name":"read"}',
      '{"input_schema":{"type":"object"},"name":"write"}',
    ]);
    const given = planCacheSegments(conversation, {
      tools,
      toolTexts: ["READ", "WRITE"],
      breakpoints: "none",
    });
    expect(given.segments.slice(0, 2).map((segment) => segment.text)).toStrictEqual([
      "READ",
      "WRITE",
    ]);
  });

  it("needs a user turn's prompt, not just a user message", () => {
    const called = appendAssistantMessage(createConversation(), [
      { type: "tool-call", id: "c1", name: "read", input: {} },
    ]);
    const answered = appendToolResults(called, [{ id: "c1", text: "alpha" }]);
    expect(() => planCacheSegments(answered, { tools: [], breakpoints: "none" })).toThrow(
      expect.objectContaining({
        code: "PROVIDERS_NO_USER_TURN",
        message: "A request is built after a user turn; the newest message is not one.",
        hint: "Call appendUserTurn before building the request.",
      }),
    );
  });

  it("places none at all when none are allowed", () => {
    const plan = planCacheSegments(conversationWith(1), {
      tools: [],
      breakpoints: "explicit",
      maxBreakpoints: 0,
    });
    expect(breakpoints(plan)).toEqual([]);
    expect(plan.diagnostics.map((d) => d.message)).toEqual([
      "more than 0 cache breakpoints wanted; dropped the stable breakpoint, so the system text is cached only together with the history",
      "more than 0 cache breakpoints wanted; dropped the newest breakpoint, so the conversation is not cached this turn",
    ]);
  });

  it("refuses a breakpoint maximum or lookback that is not a whole number of 0 or more", () => {
    const plan = (limits: { maxBreakpoints?: number; lookbackBlocks?: number }) => () =>
      planCacheSegments(conversationWith(1), { tools, breakpoints: "explicit", ...limits });
    for (const [field, value, got] of [
      ["maxBreakpoints", -1, "a number"],
      ["maxBreakpoints", 1.5, "a number"],
      ["lookbackBlocks", -1, "a number"],
      ["lookbackBlocks", Number.NaN, "a number"],
    ] as const) {
      expect(plan({ [field]: value })).toThrow(
        expect.objectContaining(
          invalid("planCacheSegments", `options.${field}`, "a whole number of 0 or more", got),
        ),
      );
    }
    expect(() =>
      planCacheSegments(conversationWith(1), {
        tools,
        breakpoints: "explicit",
        maxBreakpoints: "4" as unknown as number,
      }),
    ).toThrow(
      expect.objectContaining(
        invalid(
          "planCacheSegments",
          "options.maxBreakpoints",
          "a whole number of 0 or more",
          "a string",
        ),
      ),
    );
  });

  it("needs the newest message to be the user's, and a message at all", () => {
    const noUserTurn = {
      code: "PROVIDERS_NO_USER_TURN",
      message: "A request is built after a user turn; the newest message is not one.",
    };
    const replied = appendAssistantReply(conversationWith(1), "done");
    expect(() => planCacheSegments(replied, { tools: [], breakpoints: "none" })).toThrow(
      expect.objectContaining(noUserTurn),
    );
    const empty = { ...conversationWith(1), messages: [] };
    expect(() => planCacheSegments(empty, { tools: [], breakpoints: "none" })).toThrow(
      expect.objectContaining(noUserTurn),
    );
  });

  it("lays a block other than text out by its canonical JSON, after the role", () => {
    let conversation = appendUserTurn(
      createConversation(),
      makeRequestTurn({ facts: "" }),
      "hi",
      "system-tail",
    ).conversation;
    conversation = appendAssistantMessage(conversation, [
      { type: "tool-call", id: "c1", name: "read", input: { path: "a", depth: 1 } },
    ]);
    conversation = appendToolResults(conversation, [{ id: "c1", text: "alpha" }]);
    const plan = planCacheSegments(conversation, { tools: [], breakpoints: "none" });
    expect(plan.segments.map((segment) => segment.text)).toStrictEqual([
      "RULES",
      "user\nhi",
      'assistant\n{"id":"c1","input":{"depth":1,"path":"a"},"name":"read","type":"tool-call"}',
      'user\n{"id":"c1","name":"read","text":"alpha","type":"tool-result"}',
    ]);
  });

  it("ends the tools with a breakpoint even when there is one tool", () => {
    const one = toCanonicalTools([{ name: "read" }]).tools;
    const plan = planCacheSegments(conversationWith(1), { tools: one, breakpoints: "explicit" });
    expect(breakpoints(plan)).toEqual([
      '{"area":"tools","index":0}',
      '{"area":"system","part":"rules"}',
      '{"area":"messages","message":2,"block":0}',
    ]);
  });

  it("sends no empty per-turn segment in system-tail when the turn has no facts", () => {
    const turn = makeRequestTurn({ facts: "" });
    const conversation = appendUserTurn(
      createConversation(),
      turn,
      "hi",
      "system-tail",
    ).conversation;
    const plan = planCacheSegments(conversation, { tools: [], breakpoints: "none" });
    expect(plan.segments).toStrictEqual([
      { ref: { area: "system", part: "rules" }, text: "RULES", breakpoint: false },
      { ref: { area: "messages", message: 0, block: 0 }, text: "user\nhi", breakpoint: false },
    ]);
  });
});
