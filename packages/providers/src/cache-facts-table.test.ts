import { describe, expect, it } from "vitest";
import { CACHE_FACTS_TABLE, normalizeModelId, resolveCacheFacts } from "./cache-facts-table.js";
import type { CacheFactsRow } from "./cache-facts-table.js";

describe("resolveCacheFacts", () => {
  it.each([
    ["anthropic", "claude-opus-5", 512],
    ["anthropic", "claude-fable-5-1-20261001", 512],
    ["anthropic", "claude-mythos-5.1", 512],
    ["anthropic", "claude-sonnet-5", 1024],
    ["anthropic", "claude-opus-4-8", 1024],
    ["anthropic", "claude-sonnet-4-5-20250929", 1024],
    ["anthropic", "claude-opus-4", 1024],
    ["anthropic", "claude-opus-4-7", 2048],
    ["anthropic", "claude-3-5-haiku-latest", 2048],
    ["anthropic", "claude-opus-4-6", 4096],
    ["anthropic", "claude-haiku-4-5", 4096],
    ["bedrock", "us.anthropic.claude-opus-4-5-20251101-v1:0", 4096],
    ["bedrock", "amazon.nova-pro-v1:0", 1000],
    ["openai", "gpt-5.6", 1024],
    ["openai", "gpt-5.5", 1024],
    ["gemini", "gemini-2.5-flash", 2048],
    ["gemini", "gemini-2.5-flash-lite", 2048],
    ["gemini", "gemini-3.1-pro-preview", 4096],
  ] as const)("%s %s: minimum %i, no diagnostic", (provider, model, minimum) => {
    const { row, diagnostics } = resolveCacheFacts(provider, model);
    expect(row.minimumPrefixTokens).toBe(minimum);
    expect(diagnostics).toEqual([]);
  });

  it("a version number is not a variant: claude-opus-4-9 is unknown, not Opus 4", () => {
    const { row, diagnostics } = resolveCacheFacts("anthropic", "claude-opus-4-9");
    expect(row.models).toEqual(["*"]);
    expect(row.minimumPrefixTokens).toBe(4096);
    expect(diagnostics.map((d) => d.code)).toEqual(["PROVIDERS_UNKNOWN_MODEL"]);
  });

  it("OpenAI: writes cost 1.25× and hits are exact from GPT-5.6; 128-token steps before", () => {
    expect(resolveCacheFacts("openai", "gpt-5.6-mini").row).toMatchObject({
      incrementTokens: 1,
      prices: { write: 1.25 },
      defaultTtlSeconds: 1800,
    });
    expect(resolveCacheFacts("openai", "gpt-5.5").row).toMatchObject({
      incrementTokens: 128,
      defaultTtlSeconds: 86_400,
    });
  });

  it("Anthropic prices and TTL: 0.1× read, 1.25× 5m write, 2× 1h write, 5-minute default", () => {
    expect(resolveCacheFacts("anthropic", "claude-sonnet-4-6").row).toMatchObject({
      prices: { read: 0.1, write5m: 1.25, write1h: 2 },
      defaultTtlSeconds: 300,
    });
  });

  it("every row is dated and sourced", () => {
    for (const row of CACHE_FACTS_TABLE) {
      expect(row.asOf).toBe("2026-12-01");
      expect(row.source.length).toBeGreaterThan(20);
    }
  });

  it("caller rows win over the table", () => {
    const mine: CacheFactsRow = {
      ...resolveCacheFacts("anthropic", "claude-sonnet-4-6").row,
      models: ["claude-sonnet-4-6"],
      minimumPrefixTokens: 2048,
      inputUsdPerMillion: 3,
      source: "docs.orq.ai",
    };
    expect(resolveCacheFacts("anthropic", "claude-sonnet-4-6", [mine]).row).toBe(mine);
  });

  it("normalizes ids: case, dots, dates, -latest and Bedrock version suffixes", () => {
    expect(normalizeModelId("US.Anthropic.Claude-Sonnet-4.5-20250929-v1:0")).toBe(
      "us-anthropic-claude-sonnet-4-5",
    );
  });

  const anthropicFallback = CACHE_FACTS_TABLE.find(
    (row) => row.provider === "anthropic" && row.models.length === 1 && row.models[0] === "*",
  )!;
  const unknownModel = (provider: string, model: string, minimum: number) => ({
    code: "PROVIDERS_UNKNOWN_MODEL",
    severity: "info",
    message: `no caching facts for ${provider} model "${model}"; using the fallback row (minimum ${minimum} tokens)`,
    hint: "Pass a row for this model in the facts option to use its documented minimum, TTL and prices.",
  });

  it("an unknown OpenAI model gets the row documented for every model, without a diagnostic", () => {
    const { row, diagnostics } = resolveCacheFacts("openai", "o9-preview");
    expect(row.models).toContain("gpt-5-5");
    expect(row.incrementTokens).toBe(128);
    expect(diagnostics).toEqual([]);
  });

  it("an unknown Anthropic model gets the assumed fallback row and a diagnostic saying so", () => {
    expect(resolveCacheFacts("anthropic", "claude-opus-9")).toEqual({
      row: anthropicFallback,
      diagnostics: [unknownModel("anthropic", "claude-opus-9", 4096)],
    });
    // `*` is not a family name: an id holding "*-" is no variant of it.
    expect(resolveCacheFacts("anthropic", "my*-model").diagnostics).toHaveLength(1);
    expect(resolveCacheFacts("anthropic", "model*").diagnostics).toHaveLength(1);
  });

  it("Claude on Bedrock: the Anthropic rows, the caller's included, with the Bedrock model id", () => {
    const mine: CacheFactsRow = {
      ...anthropicFallback,
      models: ["claude-sonnet-4-6"],
      minimumPrefixTokens: 2048,
    };
    expect(resolveCacheFacts("bedrock", "us.anthropic.claude-sonnet-4-6-v1:0", [mine])).toEqual({
      row: mine,
      diagnostics: [],
    });
    const unknown = "us.anthropic.claude-opus-9-v1:0";
    expect(resolveCacheFacts("bedrock", unknown)).toEqual({
      row: anthropicFallback,
      diagnostics: [unknownModel("bedrock", unknown, 4096)],
    });
    const myFallback: CacheFactsRow = { ...anthropicFallback, minimumPrefixTokens: 1024 };
    expect(resolveCacheFacts("bedrock", unknown, [myFallback])).toEqual({
      row: myFallback,
      diagnostics: [unknownModel("bedrock", unknown, 1024)],
    });
  });

  it("an unknown non-Claude Bedrock model: the caller's Bedrock fallback row, else Anthropic's", () => {
    const model = "meta.llama3-70b-instruct-v1:0";
    expect(resolveCacheFacts("bedrock", model)).toEqual({
      row: anthropicFallback,
      diagnostics: [unknownModel("bedrock", model, 4096)],
    });
    const mine: CacheFactsRow = {
      ...anthropicFallback,
      provider: "bedrock",
      models: ["*"],
      minimumPrefixTokens: 1000,
    };
    expect(resolveCacheFacts("bedrock", model, [mine]).row).toBe(mine);
    // Only Claude ids look at the Anthropic rows, even a caller's row that names the model.
    const anthropicNamed: CacheFactsRow = { ...anthropicFallback, models: ["llama3-70b-instruct"] };
    expect(resolveCacheFacts("bedrock", model, [anthropicNamed]).row).toBe(anthropicFallback);
  });

  it("a Claude family name under another provider is not looked up in the Anthropic rows", () => {
    const { row } = resolveCacheFacts("openai", "claude-sonnet-4-5");
    expect(row.provider).toBe("openai");
    expect(resolveCacheFacts("gemini", "claude-sonnet-4-5").row.provider).toBe("gemini");
  });

  it.each([
    ["gpt-5.6-audio", 1],
    ["gpt-5.6-zeta", 1],
    ["gpt-5.6-mini", 1],
    ["gpt-5.6-\u00e9", 128],
    ["gpt-5.6-{beta}", 128],
    ["gpt-5.6-_x", 128],
  ])("a variant word starts with a letter a-z: %s has increment %i", (model, increment) => {
    expect(resolveCacheFacts("openai", model).row.incrementTokens).toBe(increment);
  });

  it.each([
    ["anthropic.claude-x-v12:10", "anthropic-claude-x"],
    ["foo-v1:0-bar", "foo-v1:0-bar"],
    ["my-latest-model", "my-latest-model"],
    ["claude-20250101-x", "claude-20250101-x"],
    ["claude-x-2025010", "claude-x-2025010"],
  ])("normalizes %s to %s: suffixes only at the end", (model, id) => {
    expect(normalizeModelId(model)).toBe(id);
  });
});
