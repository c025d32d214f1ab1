import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { Tool } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { createTokenCounter } from "./create-token-counter.js";
import { simulateConversationCache } from "./simulate-conversation-cache.js";
import type {
  CacheSimulation,
  CacheTokenCounts,
  SimulatedRequest,
  SimulatedTurnInput,
} from "./simulate-conversation-cache.js";
import type { ConversationLayout, PromptTurn } from "./types.js";
import { toTestTurn } from "../test/fixture-conversation.js";

// One token per character keeps the arithmetic readable.
const perChar = createTokenCounter("chars", (text) => text.length, true);

function turns(
  count: number,
  identityLength: number,
  reply = "r".repeat(300),
  mode: "minimal" | "none" = "minimal",
  layout: ConversationLayout = "turn-context",
): SimulatedTurnInput[] {
  return Array.from({ length: count }, (_, index) => ({
    turn: toTestTurn(
      buildAgentSystemPrompt({
        mode,
        identityLine: "x".repeat(identityLength),
        runtimeFactsLocation: "user-message",
        // The runtime line changes every turn (Time Context shows only the date).
        volatile: {
          time: { date: "2026-11-29", timeZone: "UTC" },
          runtime: { host: `host-${10 + index}` },
        },
      }),
      { layout, tools: [] },
    ),
    user: `message ${index}`,
    assistant: reply,
  }));
}

describe("simulateConversationCache", () => {
  it("Anthropic turn-context: from turn 2 the whole previous request is read from cache", () => {
    const result = simulateConversationCache({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      turns: turns(3, 3000),
      countTokens: perChar,
    });
    const [first, second, third] = result.turns;
    expect(first!.cachedTokens).toBe(0);
    expect(first!.cacheWriteTokens).toBe(first!.inputTokens);
    expect(second!.cachedTokens).toBe(first!.inputTokens);
    expect(third!.cachedTokens).toBe(second!.inputTokens);
    expect(result.tokenCounter.estimate).toBe(true);
    expect(result.total.inputTokens).toBe(
      result.turns.reduce((sum, turn) => sum + turn.inputTokens, 0),
    );
  });

  it("Anthropic system-tail: only the stable prefix is read; the history is re-written", () => {
    const result = simulateConversationCache({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      turns: turns(3, 3000, undefined, "minimal", "system-tail"),
      countTokens: perChar,
    });
    expect(result.layout).toBe("system-tail");
    expect(result.turns[1]!.cachedTokens).toBe(result.turns[2]!.cachedTokens);
    expect(result.turns[2]!.cacheWriteTokens).toBeGreaterThan(result.turns[1]!.cacheWriteTokens);
  });

  it("caches nothing below the model's minimum", () => {
    const result = simulateConversationCache({
      provider: "anthropic",
      model: "claude-opus-4-5",
      turns: turns(2, 10, "ok", "none"),
      countTokens: perChar,
    });
    expect(result.total.cachedTokens).toBe(0);
    expect(result.total.cacheWriteTokens).toBe(0);
  });

  it("OpenAI: hits come in 128-token steps above 1024", () => {
    const result = simulateConversationCache({
      provider: "openai",
      model: "gpt-5.5",
      turns: turns(3, 3000),
      countTokens: perChar,
    });
    for (const turn of result.turns.slice(1)) {
      expect(turn.cachedTokens).toBeGreaterThan(0);
      expect((turn.cachedTokens - 1024) % 128).toBe(0);
      expect(turn.cacheWriteTokens).toBe(0);
    }
    expect(result.tokenCounter.estimate).toBe(true);
  });

  it("Anthropic: a turn of 50 blocks still reads the history, through an intermediate breakpoint", () => {
    const many = Array.from({ length: 50 }, (_, i) => `block ${i} ${"y".repeat(40)}`);
    const result = simulateConversationCache({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      turns: [
        ...turns(1, 3000, "ok"),
        { ...turns(2, 3000)[1]!, assistant: many },
        ...turns(3, 3000).slice(2),
      ],
      countTokens: perChar,
    });
    // Turn 3 follows 50 blocks: the newest breakpoint alone would look back 20 and miss.
    expect(result.turns[2]!.cachedTokens).toBe(result.turns[1]!.inputTokens);
    expect(result.turns[2]!.cacheWriteTokens).toBe(
      result.turns[2]!.inputTokens - result.turns[1]!.inputTokens,
    );
  });

  it("Anthropic tool steps: each step reads the step before it, even after 30 results at once", () => {
    const round = (turn: number, step: number, results: number) => {
      const ids = Array.from({ length: results }, (_, i) => `c${turn}.${step}.${i}`);
      return {
        assistant: ids.map((id) => ({
          type: "tool-call" as const,
          id,
          name: "read",
          input: { path: id },
        })),
        results: ids.map((id) => ({ id, text: `${id} ${"z".repeat(200)}` })),
      };
    };
    const base = turns(3, 3000);
    const result = simulateConversationCache({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      turns: base.map((turn, index) => ({
        ...turn,
        toolRounds: [round(index, 1, 2), round(index, 2, 30), round(index, 3, 1)],
      })),
      countTokens: perChar,
      includeBodies: true,
    });
    expect(result.requests).toHaveLength(12);
    // Each body is the one the Anthropic builder sends, with the simulation's max_tokens.
    expect(result.requests[0]!.body).toMatchObject({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
    });
    expect(result.requests.map((request) => request.step).slice(0, 4)).toEqual([0, 1, 2, 3]);
    result.requests.slice(1).forEach((request, index) => {
      // Everything the previous request sent is read back.
      expect(request.cachedTokens).toBe(result.requests[index]!.inputTokens);
    });
    for (const request of result.requests) {
      expect(JSON.stringify(request.body).match(/cache_control/g)!.length).toBeLessThanOrEqual(4);
    }
  });

  it("a compaction request reads the whole history; the next request re-reads tools and system", () => {
    const base = turns(4, 3000);
    const result = simulateConversationCache({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      turns: base.map((turn, index) =>
        index === 2
          ? { ...turn, compactBefore: { instruction: "Summarize.", summary: "s".repeat(500) } }
          : turn,
      ),
      countTokens: perChar,
    });
    const steps = result.requests.map((request) => request.step);
    expect(steps).toEqual([0, 0, "compaction", 0, 0]);
    // The summary request belongs to the turn it precedes; turns count from 1.
    expect(result.requests.map((request) => request.turn)).toEqual([1, 2, 3, 3, 4]);
    expect(result.turns.map((turn) => turn.turn)).toEqual([1, 2, 3, 4]);
    const [, second, compaction, after] = result.requests;
    expect(compaction!.cachedTokens).toBe(second!.inputTokens);
    // After compaction: the tools and system prefix (about 3000 tokens) is read, the rest written.
    expect(after!.cachedTokens).toBeGreaterThan(3000);
    expect(after!.cachedTokens).toBeLessThan(second!.inputTokens);
    expect(after!.cachedTokens + after!.cacheWriteTokens).toBe(after!.inputTokens);
  });

  it("OpenAI from GPT-5.6 writes what it does not read, from a request of exactly the minimum", () => {
    // Only the block holding the identity line counts.
    const counter = (tokens: number) =>
      createTokenCounter("rules", (text) => (text.includes("x".repeat(50)) ? tokens : 0));
    const simulate = (tokens: number) =>
      simulateConversationCache({
        provider: "openai",
        model: "gpt-5.6",
        turns: turns(1, 3000),
        countTokens: counter(tokens),
      }).requests[0];
    expect(simulate(1024)).toEqual({
      turn: 1,
      step: 0,
      inputTokens: 1024,
      cachedTokens: 0,
      cacheWriteTokens: 1024,
      uncachedTokens: 0,
    });
    expect(simulate(1023)).toMatchObject({ cacheWriteTokens: 0, uncachedTokens: 1023 });
    const result = simulateConversationCache({
      provider: "openai",
      model: "gpt-5.6",
      turns: turns(2, 3000),
      countTokens: perChar,
    });
    const second = result.turns[1]!;
    expect(second.cachedTokens).toBeGreaterThan(3000);
    expect(second.cacheWriteTokens).toBe(second.inputTokens - second.cachedTokens);
    expect(second.uncachedTokens).toBe(0);
  });

  it("without turns: the turn-context layout, nothing counted, no diagnostics", () => {
    const result = simulateConversationCache({
      provider: "openai",
      model: "gpt-5.5",
      turns: [],
      countTokens: {
        countTokens: (text) => text.length,
        isWithinLimit: (text, limit) => text.length <= limit,
      },
    });
    const zero = { inputTokens: 0, cachedTokens: 0, cacheWriteTokens: 0, uncachedTokens: 0 };
    expect(result).toMatchObject({
      layout: "turn-context",
      tokenCounter: { name: "unnamed", estimate: false },
      turns: [],
      requests: [],
      total: zero,
      fromTurnTwo: zero,
      afterFirstRequest: zero,
      diagnostics: [],
    });
  });

  it("reports the first request's and the last request's plan diagnostics, once each", () => {
    const single = simulateConversationCache({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      turns: turns(1, 3000),
      countTokens: perChar,
    });
    expect(single.diagnostics).toEqual([]);
    expect(single.layout).toBe("turn-context");
    const rendered = turns(2, 3000);
    // A section the text no longer holds (as after a rewriting hook): no workspace boundary.
    const rewritten = rendered.map((input) => ({
      ...input,
      turn: {
        ...input.turn,
        prompt: {
          ...input.turn.prompt,
          sections: input.turn.prompt.sections.map((section) =>
            section.id === "identity" ? { ...section, text: "rewritten" } : section,
          ),
        },
      },
    }));
    const result = simulateConversationCache({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      turns: rewritten,
      countTokens: perChar,
      workspaceBoundary: ["identity"],
    });
    expect(result.diagnostics.map((d) => d.code)).toEqual([
      "PROVIDERS_WORKSPACE_BOUNDARY_NOT_FOUND",
    ]);
    const plain = simulateConversationCache({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      turns: rewritten,
      countTokens: perChar,
    });
    expect(plain.diagnostics).toEqual([]);
  });

  it("a plan warning is reported for the first and the last request, once for a single one", () => {
    // Tools, a workspace split and a long history want five breakpoints: one is dropped.
    const many = Array.from({ length: 30 }, (_, i) => `block ${i}`);
    const simulate = (count: number, provider: "anthropic" | "openai" = "anthropic") =>
      simulateConversationCache({
        provider,
        model: provider === "anthropic" ? "claude-sonnet-4-5" : "gpt-5.5",
        turns: turns(count, 3000).map((input) => ({
          ...input,
          turn: { ...input.turn, tools: [{ name: "read", description: "Read a file." }] },
          assistant: many,
        })),
        countTokens: perChar,
        workspaceBoundary: ["safety"],
      }).diagnostics.map((d) => d.code);
    expect(simulate(1)).toEqual([]);
    expect(simulate(3)).toEqual(["PROVIDERS_TOO_MANY_BREAKPOINTS"]);
    // OpenAI matches prefixes without breakpoints: nothing to drop.
    expect(simulate(3, "openai")).toEqual([]);
  });

  it("Claude counts are labelled estimates even from an exact counter", () => {
    const exact = createTokenCounter("exact", (text) => text.length);
    const simulate = (provider: "anthropic" | "openai") =>
      simulateConversationCache({
        provider,
        model: provider === "anthropic" ? "claude-sonnet-4-5" : "gpt-5.5",
        turns: turns(1, 3000),
        countTokens: exact,
      }).tokenCounter;
    expect(simulate("anthropic")).toEqual({ name: "exact", estimate: true });
    expect(simulate("openai")).toEqual({ name: "exact", estimate: false });
  });

  it("OpenAI reads a repeated prefix of exactly the minimum", () => {
    // Only the block holding the identity line counts: each request is 1024 tokens, all of
    // them repeated on turn 2.
    const counter = createTokenCounter("rules", (text) =>
      text.includes("x".repeat(50)) ? 1024 : 0,
    );
    const result = simulateConversationCache({
      provider: "openai",
      model: "gpt-5.5",
      turns: turns(2, 3000),
      countTokens: counter,
    });
    expect(result.requests[1]).toEqual({
      turn: 2,
      step: 0,
      inputTokens: 1024,
      cachedTokens: 1024,
      cacheWriteTokens: 0,
      uncachedTokens: 0,
    });
  });

  it("totals: every turn, turns 2 to N, and every request after the first", () => {
    const base = turns(3, 3000);
    const result = simulateConversationCache({
      provider: "openai",
      model: "gpt-5.5",
      turns: base.map((turn, index) =>
        index === 1
          ? {
              ...turn,
              toolRounds: [
                {
                  assistant: [{ type: "tool-call" as const, id: "c1", name: "read", input: {} }],
                  results: [{ id: "c1", text: "z".repeat(400) }],
                },
              ],
            }
          : turn,
      ),
      countTokens: perChar,
    });
    const add = (list: readonly CacheTokenCounts[]) => ({
      inputTokens: list.reduce((total, c) => total + c.inputTokens, 0),
      cachedTokens: list.reduce((total, c) => total + c.cachedTokens, 0),
      cacheWriteTokens: list.reduce((total, c) => total + c.cacheWriteTokens, 0),
      uncachedTokens: list.reduce((total, c) => total + c.uncachedTokens, 0),
    });
    const pick = ({
      inputTokens,
      cachedTokens,
      cacheWriteTokens,
      uncachedTokens,
    }: CacheTokenCounts) => ({
      inputTokens,
      cachedTokens,
      cacheWriteTokens,
      uncachedTokens,
    });
    expect(result.requests.map((request) => [request.turn, request.step])).toEqual([
      [1, 0],
      [2, 0],
      [2, 1],
      [3, 0],
    ]);
    // Turn 2 is its two requests added up.
    expect(pick(result.turns[1]!)).toEqual(add(result.requests.slice(1, 3)));
    expect(result.total).toEqual(add(result.requests));
    expect(result.fromTurnTwo).toEqual(add(result.requests.slice(1)));
    expect(result.afterFirstRequest).toEqual(add(result.requests.slice(1)));
    expect(result.total.uncachedTokens).toBeGreaterThan(0);
    expect(result.total.inputTokens).toBe(
      result.total.cachedTokens + result.total.cacheWriteTokens + result.total.uncachedTokens,
    );
  });
});

// Only MARK counts, one token each, so each expected number reads off the texts.
const MARK = "▪";
const perMark = createTokenCounter("marks", (text) => text.split(MARK).length - 1, true);

/** A turn at a given host; in mode "none" (the default) `identity` is its whole system text. */
function textTurn(
  identity: string,
  options: {
    readonly layout?: ConversationLayout;
    readonly host?: string;
    readonly tools?: readonly Tool[];
    readonly mode?: "minimal" | "none";
  } = {},
): PromptTurn {
  const layout = options.layout ?? "turn-context";
  return toTestTurn(
    buildAgentSystemPrompt({
      mode: options.mode ?? "none",
      identityLine: identity,
      runtimeFactsLocation: layout === "turn-context" ? "user-message" : "system-prompt",
      volatile: {
        time: { date: "2026-11-29", timeZone: "UTC" },
        runtime: { host: options.host ?? "host" },
      },
    }),
    { layout, tools: options.tools ?? [] },
  );
}

/** The request counts of a run, without the bodies. */
function countsOf(result: CacheSimulation): SimulatedRequest[] {
  return result.requests.map(({ body: _, ...counts }) => counts);
}

describe("simulateConversationCache: exact counts", () => {
  it("OpenAI reads the longest prefix shared with an earlier request, into a block", () => {
    // The system text (one token per character) keeps its first 1500 characters on turn 2.
    const simulate = (model: string) =>
      countsOf(
        simulateConversationCache({
          provider: "openai",
          model,
          turns: [
            { turn: textTurn("x".repeat(2000)), user: "a", assistant: "ok" },
            { turn: textTurn(`${"x".repeat(1500)}${"y".repeat(500)}`), user: "b", assistant: "ok" },
          ],
          countTokens: perChar,
        }),
      );
    // "user\na" is 6 tokens, "assistant\nok" 12.
    expect(simulate("gpt-5.6")).toEqual([
      {
        turn: 1,
        step: 0,
        inputTokens: 2006,
        cachedTokens: 0,
        cacheWriteTokens: 2006,
        uncachedTokens: 0,
      },
      {
        turn: 2,
        step: 0,
        inputTokens: 2024,
        cachedTokens: 1500,
        cacheWriteTokens: 524,
        uncachedTokens: 0,
      },
    ]);
    // Before GPT-5.6: 1024 + 3 × 128 of the 1500 shared tokens; nothing is written.
    expect(simulate("gpt-5.5")).toEqual([
      {
        turn: 1,
        step: 0,
        inputTokens: 2006,
        cachedTokens: 0,
        cacheWriteTokens: 0,
        uncachedTokens: 2006,
      },
      {
        turn: 2,
        step: 0,
        inputTokens: 2024,
        cachedTokens: 1408,
        cacheWriteTokens: 0,
        uncachedTokens: 616,
      },
    ]);
  });

  it("OpenAI reads nothing when the shared prefix is one token under the minimum", () => {
    const secondRequest = (shared: number) =>
      countsOf(
        simulateConversationCache({
          provider: "openai",
          model: "gpt-5.5",
          turns: [
            {
              turn: textTurn(`${"x".repeat(shared)}${"a".repeat(1000)}`),
              user: "a",
              assistant: "ok",
            },
            {
              turn: textTurn(`${"x".repeat(shared)}${"b".repeat(1000)}`),
              user: "b",
              assistant: "ok",
            },
          ],
          countTokens: perChar,
        }),
      )[1];
    const input = 1000 + 6 + 12 + 6;
    expect(secondRequest(1023)).toEqual({
      turn: 2,
      step: 0,
      inputTokens: input + 1023,
      cachedTokens: 0,
      cacheWriteTokens: 0,
      uncachedTokens: input + 1023,
    });
    expect(secondRequest(1024)).toMatchObject({ cachedTokens: 1024, uncachedTokens: input });
  });

  it("OpenAI: a request under the minimum reads nothing, even when its shared prefix counts more", () => {
    // A counter need not grow with the text: here the whole new system text is 10 tokens, its
    // first 1500 characters (shared with turn 1) 1500.
    const uneven = createTokenCounter("uneven", (text) => (text.includes("y") ? 10 : text.length));
    const result = simulateConversationCache({
      provider: "openai",
      model: "gpt-5.6",
      turns: [
        { turn: textTurn("x".repeat(2000)), user: "a", assistant: "ok" },
        { turn: textTurn(`${"x".repeat(1500)}${"y".repeat(500)}`), user: "b", assistant: "ok" },
      ],
      countTokens: uneven,
    });
    expect(countsOf(result)[1]).toEqual({
      turn: 2,
      step: 0,
      inputTokens: 10 + 6 + 12 + 6,
      cachedTokens: 0,
      cacheWriteTokens: 0,
      uncachedTokens: 34,
    });
  });

  it("OpenAI: a block that shares no character with the earlier one adds nothing to the match", () => {
    // Every text costs 4 tokens more (a per-message overhead), the empty one included. The
    // system text changes from its first character; the tools before it stay.
    const overhead = createTokenCounter("overhead", (text) => text.length + 4);
    const tools = [{ name: "read", description: "d".repeat(1200) }];
    const result = simulateConversationCache({
      provider: "openai",
      model: "gpt-5.6",
      turns: [
        { turn: textTurn("x".repeat(100), { tools }), user: "a", assistant: "ok" },
        { turn: textTurn("y".repeat(100), { tools }), user: "b", assistant: "ok" },
      ],
      countTokens: overhead,
    });
    const [first, second] = countsOf(result);
    // The first request: the tool, then 104 tokens of system text and 10 of user message.
    const toolTokens = first!.inputTokens - 104 - 10;
    expect(toolTokens).toBeGreaterThan(1200);
    expect(second).toEqual({
      turn: 2,
      step: 0,
      inputTokens: toolTokens + 104 + 10 + 16 + 10,
      cachedTokens: toolTokens,
      cacheWriteTokens: 140,
      uncachedTokens: 0,
    });
  });

  it("OpenAI: a request that repeats an earlier one, and is a prefix of another, reads all of it", () => {
    // Two compactions to the same summary, each followed by the same message: the request after
    // the second repeats the one after the first, and is a prefix of the summary request before it.
    const compacted = {
      user: "U",
      assistant: "ok",
      compactBefore: { instruction: "Summarize.", summary: "S" },
    };
    const turn = textTurn("x".repeat(2000));
    const result = simulateConversationCache({
      provider: "openai",
      model: "gpt-5.6",
      turns: [
        { turn, user: "a", assistant: "ok" },
        { turn, ...compacted },
        { turn, ...compacted },
      ],
      countTokens: perChar,
    });
    const requests = countsOf(result);
    expect(requests.map((request) => request.step)).toEqual([0, "compaction", 0, "compaction", 0]);
    // The system text, "user\nS" and "user\nU"; turn 1's "user\na" shares "user\n" with the summary.
    expect(requests[2]).toMatchObject({
      inputTokens: 2012,
      cachedTokens: 2005,
      cacheWriteTokens: 7,
    });
    expect(requests[4]).toEqual({
      turn: 3,
      step: 0,
      inputTokens: 2012,
      cachedTokens: 2012,
      cacheWriteTokens: 0,
      uncachedTokens: 0,
    });
  });

  it("Anthropic system-tail: reads the stable entry only, never into the changed per-turn text", () => {
    // 2000 tokens of stable text; the per-turn text is 10 tokens, its host's last character
    // changes each turn; messages cost nothing.
    const turn = (host: string) =>
      textTurn(MARK.repeat(2000), { layout: "system-tail", mode: "minimal", host });
    const result = simulateConversationCache({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      turns: [
        { turn: turn(`${MARK.repeat(10)}-1`), user: "a", assistant: "ok" },
        { turn: turn(`${MARK.repeat(10)}-2`), user: "b", assistant: "ok" },
      ],
      countTokens: perMark,
    });
    expect(countsOf(result)).toEqual([
      {
        turn: 1,
        step: 0,
        inputTokens: 2010,
        cachedTokens: 0,
        cacheWriteTokens: 2010,
        uncachedTokens: 0,
      },
      {
        turn: 2,
        step: 0,
        inputTokens: 2010,
        cachedTokens: 2000,
        cacheWriteTokens: 10,
        uncachedTokens: 0,
      },
    ]);
  });

  it("Anthropic: a changed system text is written again; only the tools before it are read", () => {
    const tools = [{ name: "read", description: MARK.repeat(1500) }];
    const result = simulateConversationCache({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      turns: [
        { turn: textTurn(`${MARK.repeat(100)}a`, { tools }), user: "a", assistant: "ok" },
        { turn: textTurn(`${MARK.repeat(100)}b`, { tools }), user: "b", assistant: "ok" },
      ],
      countTokens: perMark,
    });
    expect(countsOf(result)).toEqual([
      {
        turn: 1,
        step: 0,
        inputTokens: 1600,
        cachedTokens: 0,
        cacheWriteTokens: 1600,
        uncachedTokens: 0,
      },
      {
        turn: 2,
        step: 0,
        inputTokens: 1600,
        cachedTokens: 1500,
        cacheWriteTokens: 100,
        uncachedTokens: 0,
      },
    ]);
  });

  it("Anthropic reads an entry exactly 20 blocks before a breakpoint, and none 21 blocks before", () => {
    // Turn 1 (system text Y) writes an entry ending at its message; turn 2 changes the system
    // text, so its own entries never match again; turn 3 is back on Y. Its newest breakpoint sits
    // 3 blocks after turn 1's reply, and no other breakpoint is near: turn 1's message entry is
    // read only while it is within the lookback.
    const third = (replyBlocks: number) =>
      countsOf(
        simulateConversationCache({
          provider: "anthropic",
          model: "claude-sonnet-4-5",
          turns: [
            {
              turn: textTurn(`${MARK.repeat(2000)}Y`),
              user: MARK.repeat(7),
              assistant: Array.from({ length: replyBlocks }, (_, index) => `block ${index}`),
            },
            { turn: textTurn(`${MARK.repeat(2000)}X`), user: "b", assistant: "ok" },
            { turn: textTurn(`${MARK.repeat(2000)}Y`), user: "c", assistant: "ok" },
          ],
          countTokens: perMark,
        }),
      )[2];
    // Blocks: system 0, message 1, reply 2 to 18, message 19, reply 20, message 21 (newest).
    expect(third(17)).toEqual({
      turn: 3,
      step: 0,
      inputTokens: 2007,
      cachedTokens: 2007,
      cacheWriteTokens: 0,
      uncachedTokens: 0,
    });
    // One reply block more: only the system text's entry is read.
    expect(third(18)).toEqual({
      turn: 3,
      step: 0,
      inputTokens: 2007,
      cachedTokens: 2000,
      cacheWriteTokens: 7,
      uncachedTokens: 0,
    });
  });

  it("reports the rules' diagnostic for a model without caching facts", () => {
    const result = simulateConversationCache({
      provider: "anthropic",
      model: "claude-future-9",
      turns: turns(1, 3000),
      countTokens: perChar,
    });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: "PROVIDERS_UNKNOWN_MODEL", severity: "info" }),
    ]);
    expect(result.rules.minimumPrefixTokens).toBe(4096);
  });
});
