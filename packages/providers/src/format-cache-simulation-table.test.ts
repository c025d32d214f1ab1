import { describe, expect, it } from "vitest";
import { formatCacheSimulationTable } from "./format-cache-simulation-table.js";
import { resolveCacheRules } from "./resolve-cache-rules.js";
import type { CacheProvider } from "./resolve-cache-rules.js";
import type { CacheSimulation, CacheTokenCounts } from "./simulate-conversation-cache.js";
import type { ConversationLayout } from "./types.js";

const counts = (input: number, cached: number, written: number): CacheTokenCounts => ({
  inputTokens: input,
  cachedTokens: cached,
  cacheWriteTokens: written,
  uncachedTokens: input - cached - written,
});

function simulation(
  provider: CacheProvider,
  layout: ConversationLayout,
  turns: readonly CacheTokenCounts[],
  tokenCounter: CacheSimulation["tokenCounter"],
): CacheSimulation {
  const model = provider === "anthropic" ? "claude-sonnet-4-5" : "gpt-5.5";
  const sum = (list: readonly CacheTokenCounts[]) =>
    list.reduce(
      (total, c) =>
        counts(
          total.inputTokens + c.inputTokens,
          total.cachedTokens + c.cachedTokens,
          total.cacheWriteTokens + c.cacheWriteTokens,
        ),
      counts(0, 0, 0),
    );
  return {
    provider,
    model,
    layout,
    tokenCounter,
    rules: resolveCacheRules(provider, model).rules,
    turns: turns.map((c, index) => ({ turn: index + 1, ...c })),
    total: sum(turns),
    fromTurnTwo: sum(turns.slice(1)),
    requests: [],
    afterFirstRequest: sum(turns.slice(1)),
    diagnostics: [],
  };
}

describe("formatCacheSimulationTable", () => {
  it("puts simulations side by side; a shorter one shows zeros and '-' for its missing turns", () => {
    const anthropic = simulation(
      "anthropic",
      "turn-context",
      [counts(2000, 0, 2000), counts(2100, 2000, 100), counts(2200, 2100, 100)],
      { name: "chars", estimate: true },
    );
    const openai = simulation(
      "openai",
      "system-tail",
      [counts(2000, 0, 0), counts(2100, 1920, 0)],
      {
        name: "o200k",
        estimate: false,
      },
    );
    expect(formatCacheSimulationTable([anthropic, openai]).split("\n")).toEqual([
      "| turn | anthropic turn-context input | cached | written | full | % cached | openai system-tail input | cached | written | full | % cached |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
      "| 1 | 2000 | 0 | 2000 | 0 | 0.0% | 2000 | 0 | 0 | 2000 | 0.0% |",
      "| 2 | 2100 | 2000 | 100 | 0 | 95.2% | 2100 | 1920 | 0 | 180 | 91.4% |",
      "| 3 | 2200 | 2100 | 100 | 0 | 95.5% | 0 | 0 | 0 | 0 | - |",
      "| total | 6300 | 4100 | 2200 | 0 | 65.1% | 4100 | 1920 | 0 | 2180 | 46.8% |",
      "| turns 2-3 | 4300 | 4100 | 200 | 0 | 95.3% | 2100 | 1920 | 0 | 180 | 91.4% |",
      "",
      "Token counts: chars, estimate; o200k. Simulated under SPEC §11 rules; an estimate, not a bill.",
    ]);
  });

  it("names a counter shared by several simulations once", () => {
    const counter = { name: "estimate (chars/4)", estimate: true };
    const table = formatCacheSimulationTable([
      simulation("anthropic", "turn-context", [counts(10, 0, 0)], counter),
      simulation("anthropic", "system-tail", [counts(10, 0, 0)], counter),
    ]);
    expect(table.split("\n").at(-1)).toBe(
      "Token counts: estimate (chars/4), estimate. Simulated under SPEC §11 rules; an estimate, not a bill.",
    );
    expect(table.split("\n").slice(2, 4)).toEqual([
      "| 1 | 10 | 0 | 0 | 10 | 0.0% | 10 | 0 | 0 | 10 | 0.0% |",
      "| total | 10 | 0 | 0 | 10 | 0.0% | 10 | 0 | 0 | 10 | 0.0% |",
    ]);
  });

  it("has no turns 2..N row for a one-turn conversation, and one from two turns on", () => {
    const counter = { name: "o200k", estimate: false };
    const one = formatCacheSimulationTable([
      simulation("openai", "turn-context", [counts(10, 0, 0)], counter),
    ]);
    expect(one.split("\n").slice(2, 5)).toEqual([
      "| 1 | 10 | 0 | 0 | 10 | 0.0% |",
      "| total | 10 | 0 | 0 | 10 | 0.0% |",
      "",
    ]);
    const two = formatCacheSimulationTable([
      simulation("openai", "turn-context", [counts(10, 0, 0), counts(12, 0, 0)], counter),
    ]);
    expect(two.split("\n")[5]).toBe("| turns 2-2 | 12 | 0 | 0 | 12 | 0.0% |");
  });
});
