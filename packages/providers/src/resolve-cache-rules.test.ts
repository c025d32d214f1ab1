import { describe, expect, it } from "vitest";
import { resolveCacheFacts } from "./cache-facts-table.js";
import { resolveCacheRules } from "./resolve-cache-rules.js";

describe("resolveCacheRules", () => {
  it.each([
    ["claude-sonnet-4-5", 1024],
    ["claude-opus-4-1-20250805", 1024],
    ["claude-opus-4-20250514", 1024],
    ["claude-3-5-haiku-latest", 2048],
    ["claude-opus-4-5", 4096],
    ["claude-opus-4-6", 4096],
    ["claude-haiku-4-5", 4096],
    ["claude-opus-4-7", 2048],
    ["claude-opus-4-8", 1024],
    ["claude-opus-5", 512],
  ])("Anthropic %s caches from %i tokens", (model, minimum) => {
    const { rules, diagnostics } = resolveCacheRules("anthropic", model);
    expect(rules.minimumPrefixTokens).toBe(minimum);
    expect(rules.maxBreakpoints).toBe(4);
    expect(rules.lookbackBlocks).toBe(20);
    expect(diagnostics).toEqual([]);
  });

  it("assumes the strictest minimum for an unknown Claude model, and says so", () => {
    const { rules, diagnostics } = resolveCacheRules("anthropic", "claude-next");
    expect(rules.minimumPrefixTokens).toBe(4096);
    expect(diagnostics.map((d) => d.code)).toEqual(["PROVIDERS_UNKNOWN_MODEL"]);
  });

  it("OpenAI: 1024 minimum, 128-token steps before GPT-5.6, breakpoints from 5.6", () => {
    expect(resolveCacheRules("openai", "gpt-5.5").rules).toMatchObject({
      minimumPrefixTokens: 1024,
      incrementTokens: 128,
      maxBreakpoints: 0,
    });
    expect(resolveCacheRules("openai", "gpt-5.6").rules).toMatchObject({
      incrementTokens: 1,
      maxBreakpoints: 4,
    });
  });

  it.each([
    ["gpt-6", 4],
    ["gpt-10", 4],
    ["gpt-5", 0],
    ["o3", 0],
  ])(
    "OpenAI %s: %i breakpoints (a version without a minor part is whole)",
    (model, breakpoints) => {
      expect(resolveCacheRules("openai", model).rules.maxBreakpoints).toBe(breakpoints);
    },
  );

  it("OpenAI: a minor version of two digits counts whole (5.10 comes after 5.6)", () => {
    expect(resolveCacheRules("openai", "gpt-5.10").rules.maxBreakpoints).toBe(4);
    expect(resolveCacheRules("openai", "gpt-5.10-mini").rules.maxBreakpoints).toBe(4);
    expect(resolveCacheRules("openai", "gpt-4.16").rules.maxBreakpoints).toBe(0);
    expect(resolveCacheRules("openai", "gpt-4.60").rules.maxBreakpoints).toBe(0);
    expect(resolveCacheRules("openai", "gpt-6.0").rules.maxBreakpoints).toBe(4);
  });

  it("says where its numbers come from, and as of when", () => {
    const { row } = resolveCacheFacts("anthropic", "claude-sonnet-4-5");
    expect(resolveCacheRules("anthropic", "claude-sonnet-4-5").rules.source).toBe(
      `${row.source} (as of ${row.asOf})`,
    );
    expect(row.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
