// Exact-limit behaviour of the cache arithmetic: the provider minimum, OpenAI's shared-prefix
// bound, and the below-minimum warning when a long volatile tail hides a short stable prefix.
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAnthropicRequest } from "./build-anthropic-request.js";
import { createConversation } from "./create-conversation.js";
import { createTokenCounter } from "./create-token-counter.js";
import { resolveCacheRules } from "./resolve-cache-rules.js";
import { simulateConversationCache } from "./simulate-conversation-cache.js";
import type { SimulatedTurnInput } from "./simulate-conversation-cache.js";
import type { ConversationLayout } from "./types.js";
import { toTestTurn } from "../test/fixture-conversation.js";

const MARKER = "IDENTITY-MARKER";

function turnInputs(
  count: number,
  options: {
    readonly identity: string;
    readonly layout: ConversationLayout;
    readonly user?: (index: number) => string;
    readonly host?: (index: number) => string;
    readonly mode?: "minimal" | "none";
  },
): SimulatedTurnInput[] {
  return Array.from({ length: count }, (_, index) => ({
    turn: toTestTurn(
      buildAgentSystemPrompt({
        mode: options.mode ?? "none",
        identityLine: options.identity,
        runtimeFactsLocation: options.layout === "turn-context" ? "user-message" : "system-prompt",
        volatile: {
          time: { date: "2026-11-29", timeZone: "UTC" },
          runtime: { host: options.host?.(index) ?? `host-${index}` },
        },
      }),
      { layout: options.layout, tools: [] },
    ),
    user: options.user?.(index) ?? `message ${index}`,
    assistant: "ok",
  }));
}

describe("the provider minimum, exactly", () => {
  const model = "claude-sonnet-4-5";
  const minimum = resolveCacheRules("anthropic", model).rules.minimumPrefixTokens;

  it("Anthropic writes a stable prefix of exactly the minimum, and reads it on the next turn", () => {
    // Only the stable system text counts: it is exactly the minimum; everything else is free.
    const counter = createTokenCounter("marker", (text) => (text.includes(MARKER) ? minimum : 0));
    const result = simulateConversationCache({
      provider: "anthropic",
      model,
      turns: turnInputs(2, { identity: MARKER, layout: "system-tail" }),
      countTokens: counter,
    });
    const [first, second] = result.turns;
    expect(first!.cacheWriteTokens).toBe(minimum);
    // The volatile tail changed, so only the stable prefix written on turn 1 can be read.
    expect(second!.cachedTokens).toBe(minimum);
  });

  it("one token short of the minimum is neither written nor read", () => {
    const counter = createTokenCounter("marker", (text) =>
      text.includes(MARKER) ? minimum - 1 : 0,
    );
    const result = simulateConversationCache({
      provider: "anthropic",
      model,
      turns: turnInputs(2, { identity: MARKER, layout: "system-tail" }),
      countTokens: counter,
    });
    expect(result.total.cacheWriteTokens).toBe(0);
    expect(result.total.cachedTokens).toBe(0);
  });
});

describe("OpenAI cached tokens", () => {
  const perChar = createTokenCounter("chars", (text) => text.length, true);

  it("never exceed the tokens a request shares with an earlier one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 900, max: 2600 }),
        fc.integer({ min: 0, max: 400 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        (identityLength, hostLength, user) => {
          // Turn 2 differs from turn 1 first in the runtime host, whose start position varies.
          const inputs = turnInputs(2, {
            identity: "x".repeat(identityLength),
            layout: "system-tail",
            mode: "minimal",
            user: () => user,
            host: (index) => `${"h".repeat(hostLength)}${index === 0 ? "A" : "B"}`,
          });
          const result = simulateConversationCache({
            provider: "openai",
            model: "gpt-5.5",
            turns: inputs,
            countTokens: perChar,
            includeBodies: true,
          });
          const [first, second] = result.requests;
          const shared = commonPrefixLength(requestText(first!.body), requestText(second!.body));
          expect(second!.cachedTokens).toBeLessThanOrEqual(shared);
          expect(second!.cachedTokens).toBeLessThanOrEqual(second!.inputTokens);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the below-minimum warning", () => {
  it("counts only the stable prefix in system-tail: a long volatile tail does not hide it", () => {
    const [input] = turnInputs(1, {
      identity: "short",
      layout: "system-tail",
      mode: "minimal",
      // About 40,000 characters of runtime facts below the boundary.
      host: () => "h".repeat(40_000),
    });
    const { diagnostics } = buildAnthropicRequest(input!.turn, {
      conversation: createConversation(),
      userText: "hello",
      model: "claude-sonnet-4-5",
      maxTokens: 256,
    });
    const warning = diagnostics.find((d) => d.code === "PROVIDERS_PREFIX_BELOW_MINIMUM");
    expect(warning?.severity).toBe("warning");
  });

  it("is absent when the stable prefix alone reaches the minimum", () => {
    const [input] = turnInputs(1, { identity: "x".repeat(40_000), layout: "system-tail" });
    const { diagnostics } = buildAnthropicRequest(input!.turn, {
      conversation: createConversation(),
      userText: "hello",
      model: "claude-sonnet-4-5",
      maxTokens: 256,
    });
    expect(diagnostics.map((d) => d.code)).not.toContain("PROVIDERS_PREFIX_BELOW_MINIMUM");
  });
});

/** The request's texts in order as the simulation counts them: instructions, then each message. */
function requestText(body: unknown): string {
  const request = body as { instructions?: string; input?: { content?: unknown }[] };
  const contents = (request.input ?? []).map((item) =>
    typeof item.content === "string" ? item.content : JSON.stringify(item.content),
  );
  return `${request.instructions ?? ""}${contents.join("")}`;
}

function commonPrefixLength(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}
