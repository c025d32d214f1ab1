// Each fixture is typed with the official SDK's usage type (dev dependencies), so a field
// renamed upstream fails `pnpm typecheck`; the numbers follow the SDKs' documented semantics.
import type { Usage as AnthropicUsage } from "@anthropic-ai/sdk/resources/messages";
import type { TokenUsage as BedrockUsage } from "@aws-sdk/client-bedrock-runtime";
import type { GenerateContentResponseUsageMetadata } from "@google/genai";
import type { CompletionUsage } from "openai/resources/completions";
import type { ResponseUsage } from "openai/resources/responses/responses";
import { describe, expect, it } from "vitest";
import { normalizeUsage } from "./normalize-usage.js";
import type { NormalizedUsage } from "./normalize-usage.js";

function usageOf(result: ReturnType<typeof normalizeUsage>): NormalizedUsage {
  expect(result.diagnostics).toEqual([]);
  return result.usage!;
}

describe("normalizeUsage", () => {
  it("Anthropic: input_tokens is only the uncached remainder; writes split by TTL", () => {
    const usage = {
      input_tokens: 42,
      cache_read_input_tokens: 9000,
      cache_creation_input_tokens: 1500,
      cache_creation: { ephemeral_5m_input_tokens: 1000, ephemeral_1h_input_tokens: 500 },
      output_tokens: 310,
      output_tokens_details: null,
      inference_geo: null,
      server_tool_use: null,
      service_tier: "standard",
      speed: null,
    } satisfies AnthropicUsage;
    expect(usageOf(normalizeUsage("anthropic", usage))).toEqual({
      inputTotal: 10_542,
      read: 9000,
      written: { total: 1500, "5m": 1000, "1h": 500 },
      uncached: 42,
    });
  });

  it("Anthropic: null cache fields (no caching) count as zero; no breakdown means 5m", () => {
    expect(
      usageOf(
        normalizeUsage("anthropic", {
          input_tokens: 12,
          cache_read_input_tokens: null,
          cache_creation_input_tokens: 30,
          cache_creation: null,
          output_tokens: 5,
        }),
      ),
    ).toEqual({ inputTotal: 42, read: 0, written: { total: 30, "5m": 30, "1h": 0 }, uncached: 12 });
  });

  it("OpenAI Responses: cached_tokens and cache_write_tokens are a subset of input_tokens", () => {
    const usage = {
      input_tokens: 5000,
      input_tokens_details: { cached_tokens: 3968, cache_write_tokens: 900 },
      output_tokens: 120,
      output_tokens_details: { reasoning_tokens: 64 },
      total_tokens: 5120,
    } satisfies ResponseUsage;
    const normalized = usageOf(normalizeUsage("openai-responses", usage));
    expect(normalized).toEqual({
      inputTotal: 5000,
      read: 3968,
      written: { total: 900, "5m": 0, "1h": 0 },
      uncached: 132,
    });
    // Never double-counted: the parts add up to the provider's own input total.
    expect(normalized.read + normalized.written.total + normalized.uncached).toBe(
      usage.input_tokens,
    );
  });

  it("OpenAI Chat: prompt_tokens includes prompt_tokens_details.cached_tokens", () => {
    const usage = {
      prompt_tokens: 2006,
      completion_tokens: 300,
      total_tokens: 2306,
      prompt_tokens_details: { cached_tokens: 1920, audio_tokens: 0 },
    } satisfies CompletionUsage;
    expect(usageOf(normalizeUsage("openai-chat", usage))).toEqual({
      inputTotal: 2006,
      read: 1920,
      written: { total: 0, "5m": 0, "1h": 0 },
      uncached: 86,
    });
  });

  it("Gemini: promptTokenCount includes cachedContentTokenCount (whole response or metadata)", () => {
    const usageMetadata = {
      promptTokenCount: 8000,
      cachedContentTokenCount: 6000,
      candidatesTokenCount: 200,
      totalTokenCount: 8200,
    } satisfies GenerateContentResponseUsageMetadata;
    const expected = {
      inputTotal: 8000,
      read: 6000,
      written: { total: 0, "5m": 0, "1h": 0 },
      uncached: 2000,
    };
    expect(usageOf(normalizeUsage("gemini", usageMetadata))).toEqual(expected);
    expect(usageOf(normalizeUsage("gemini", { usageMetadata }))).toEqual(expected);
  });

  it("Bedrock Converse: inputTokens beside the cache fields; cacheDetails split the writes", () => {
    const usage = {
      inputTokens: 13,
      outputTokens: 4,
      totalTokens: 2518,
      cacheReadInputTokens: 2001,
      cacheWriteInputTokens: 500,
      cacheDetails: [
        { ttl: "1h", inputTokens: 300 },
        { ttl: "5m", inputTokens: 200 },
      ],
    } satisfies BedrockUsage;
    expect(usageOf(normalizeUsage("bedrock", usage))).toEqual({
      inputTotal: 2514,
      read: 2001,
      written: { total: 500, "5m": 200, "1h": 300 },
      uncached: 13,
    });
  });

  it("Bedrock: the raw-response TTL spelling T5M (vercel/ai issue-19686 fixture) reads as 5m", () => {
    expect(
      usageOf(
        normalizeUsage("bedrock", {
          inputTokens: 13,
          outputTokens: 4,
          totalTokens: 17,
          cacheReadInputTokens: 3,
          cacheWriteInputTokens: 2,
          cacheDetails: [{ inputTokens: 2, ttl: "T5M" }],
        }),
      ),
    ).toEqual({ inputTotal: 18, read: 3, written: { total: 2, "5m": 2, "1h": 0 }, uncached: 13 });
  });

  it.each([
    ["anthropic", null, "usage must be an object"],
    ["anthropic", { output_tokens: 3 }, "input_tokens is missing"],
    ["anthropic", { input_tokens: -1 }, "input_tokens must be a whole number"],
    [
      "anthropic",
      {
        input_tokens: 1,
        cache_creation_input_tokens: 10,
        cache_creation: { ephemeral_5m_input_tokens: 3, ephemeral_1h_input_tokens: 3 },
      },
      "cache_creation splits 6 tokens",
    ],
    [
      "openai-responses",
      { input_tokens: 100, input_tokens_details: { cached_tokens: 200 } },
      "exceed the input total",
    ],
    ["openai-chat", { prompt_tokens: "12" }, "prompt_tokens must be a whole number"],
    ["gemini", { candidatesTokenCount: 4 }, "promptTokenCount is missing"],
    [
      "bedrock",
      { inputTokens: 1, cacheWriteInputTokens: 5, cacheDetails: [{ ttl: "2h", inputTokens: 5 }] },
      "cacheDetails[0].ttl must be 5m or 1h",
    ],
  ] as const)("%s: malformed usage %j is a diagnostic, never a throw", (provider, usage, why) => {
    const result = normalizeUsage(provider, usage);
    expect(result.usage).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]!.code).toBe("PROVIDERS_USAGE_MALFORMED");
    expect(result.diagnostics[0]!.message).toContain(why);
  });

  it("the diagnostic names the provider, says what is wrong and how to fix it", () => {
    expect(normalizeUsage("openai-chat", { prompt_tokens: 1.5 })).toEqual({
      usage: undefined,
      diagnostics: [
        {
          code: "PROVIDERS_USAGE_MALFORMED",
          severity: "warning",
          message:
            "openai-chat usage is not readable: prompt_tokens must be a whole number ≥ 0, got 1.5.",
          hint: "Pass the usage object exactly as the provider returned it (the response's usage field).",
        },
      ],
    });
  });

  it.each([
    ["anthropic", [1], "usage must be an object"],
    ["anthropic", { input_tokens: null }, "input_tokens is missing"],
    [
      "anthropic",
      { input_tokens: 2 ** 53 },
      "input_tokens must be a whole number ≥ 0, got 9007199254740992",
    ],
    [
      "anthropic",
      { input_tokens: 1, cache_read_input_tokens: -3 },
      "cache_read_input_tokens must be a whole number ≥ 0, got -3",
    ],
    [
      "anthropic",
      {
        input_tokens: 1,
        cache_creation_input_tokens: 4,
        cache_creation: { ephemeral_1h_input_tokens: 3 },
      },
      "cache_creation splits 3 tokens but cache_creation_input_tokens is 4",
    ],
    [
      "openai-responses",
      { input_tokens: 100, input_tokens_details: { cached_tokens: 60, cache_write_tokens: 41 } },
      "input_tokens: cached and written tokens (101) exceed the input total (100)",
    ],
    [
      "openai-chat",
      { prompt_tokens: 100, prompt_tokens_details: { cached_tokens: 101 } },
      "prompt_tokens: cached and written tokens (101) exceed the input total (100)",
    ],
    [
      "gemini",
      { promptTokenCount: 10, cachedContentTokenCount: 11 },
      "usageMetadata: cached and written tokens (11) exceed the input total (10)",
    ],
    [
      "bedrock",
      {
        inputTokens: 1,
        cacheWriteInputTokens: 5,
        cacheDetails: [
          { ttl: "5m", inputTokens: 2 },
          { ttl: "1h", inputTokens: 2 },
        ],
      },
      "cacheDetails split 4 tokens but cacheWriteInputTokens is 5",
    ],
    [
      "bedrock",
      { inputTokens: 1, cacheWriteInputTokens: 5, cacheDetails: { ttl: "5m", inputTokens: 5 } },
      "cacheDetails must be an array",
    ],
    [
      "bedrock",
      { inputTokens: 1, cacheWriteInputTokens: 5, cacheDetails: [{ ttl: "5m" }] },
      "cacheDetails.0.inputTokens is missing",
    ],
    [
      "bedrock",
      {
        inputTokens: 1,
        cacheWriteInputTokens: 5,
        cacheDetails: [
          { ttl: "5m", inputTokens: 5 },
          { ttl: 5, inputTokens: 0 },
        ],
      },
      "cacheDetails[1].ttl must be 5m or 1h, got 5",
    ],
  ] as const)("%s: %j reads as %j", (provider, usage, why) => {
    const result = normalizeUsage(provider, usage);
    expect(result.usage).toBeUndefined();
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      `${provider} usage is not readable: ${why}.`,
    ]);
  });

  it("cached and written tokens may add up to exactly the input total", () => {
    expect(
      usageOf(
        normalizeUsage("openai-responses", {
          input_tokens: 100,
          input_tokens_details: { cached_tokens: 60, cache_write_tokens: 40 },
        }),
      ),
    ).toEqual({ inputTotal: 100, read: 60, written: { total: 40, "5m": 0, "1h": 0 }, uncached: 0 });
  });

  it("zero is a count; absent or null details are zero", () => {
    expect(
      usageOf(normalizeUsage("anthropic", { input_tokens: 0, cache_read_input_tokens: 0 })),
    ).toEqual({
      inputTotal: 0,
      read: 0,
      written: { total: 0, "5m": 0, "1h": 0 },
      uncached: 0,
    });
    expect(
      usageOf(normalizeUsage("openai-chat", { prompt_tokens: 7, prompt_tokens_details: null })),
    ).toEqual({
      inputTotal: 7,
      read: 0,
      written: { total: 0, "5m": 0, "1h": 0 },
      uncached: 7,
    });
    expect(
      usageOf(normalizeUsage("openai-responses", { input_tokens: 7, input_tokens_details: "n/a" })),
    ).toEqual({
      inputTotal: 7,
      read: 0,
      written: { total: 0, "5m": 0, "1h": 0 },
      uncached: 7,
    });
  });

  it("Gemini: a usageMetadata that is not an object is not read; the fields beside it are", () => {
    expect(
      usageOf(
        normalizeUsage("gemini", {
          usageMetadata: null,
          promptTokenCount: 9,
          cachedContentTokenCount: 4,
        }),
      ),
    ).toEqual({ inputTotal: 9, read: 4, written: { total: 0, "5m": 0, "1h": 0 }, uncached: 5 });
  });

  it.each([[undefined], [null], [[]]])(
    "Bedrock: cacheDetails %j (no breakdown) writes with the default 5-minute lifetime",
    (cacheDetails) => {
      expect(
        usageOf(
          normalizeUsage("bedrock", {
            inputTokens: 3,
            cacheReadInputTokens: 10,
            cacheWriteInputTokens: 20,
            ...(cacheDetails === undefined ? {} : { cacheDetails }),
          }),
        ),
      ).toEqual({
        inputTotal: 33,
        read: 10,
        written: { total: 20, "5m": 20, "1h": 0 },
        uncached: 3,
      });
    },
  );

  it.each([
    ["5m", "5m"],
    ["5M", "5m"],
    [" 5m ", "5m"],
    ["PT5M", "5m"],
    ["t5m", "5m"],
    ["1h", "1h"],
    ["1H", "1h"],
    ["PT1H", "1h"],
    ["60m", "1h"],
    ["T60M", "1h"],
  ] as const)("Bedrock: the TTL %j is %s", (ttl, lifetime) => {
    const usage = usageOf(
      normalizeUsage("bedrock", {
        inputTokens: 1,
        cacheWriteInputTokens: 8,
        cacheDetails: [
          { ttl, inputTokens: 6 },
          { ttl: "5m", inputTokens: 2 },
        ],
      }),
    );
    expect(usage.written).toEqual(
      lifetime === "5m" ? { total: 8, "5m": 8, "1h": 0 } : { total: 8, "5m": 2, "1h": 6 },
    );
  });

  it.each(["5h", "10m", "1d", "PT", "", "5", "PT5MM", "XT5M", "P5M"])(
    "Bedrock: the TTL %j is neither 5m nor 1h",
    (ttl) => {
      const result = normalizeUsage("bedrock", {
        inputTokens: 1,
        cacheWriteInputTokens: 6,
        cacheDetails: [{ ttl, inputTokens: 6 }],
      });
      expect(result.diagnostics.map((d) => d.message)).toEqual([
        `bedrock usage is not readable: cacheDetails[0].ttl must be 5m or 1h, got ${JSON.stringify(ttl)}.`,
      ]);
    },
  );

  it("an error that is not about the usage's content is not turned into a diagnostic", () => {
    const usage = {
      get input_tokens(): number {
        throw new RangeError("getter failed");
      },
    };
    expect(() => normalizeUsage("anthropic", usage)).toThrow(new RangeError("getter failed"));
  });

  it("optional fields may be absent: cached, written and split counts are then zero", () => {
    const none = { total: 0, "5m": 0, "1h": 0 };
    expect(usageOf(normalizeUsage("gemini", { promptTokenCount: 9 }))).toEqual({
      inputTotal: 9,
      read: 0,
      written: none,
      uncached: 9,
    });
    expect(usageOf(normalizeUsage("bedrock", { inputTokens: 4 }))).toEqual({
      inputTotal: 4,
      read: 0,
      written: none,
      uncached: 4,
    });
    expect(
      usageOf(
        normalizeUsage("anthropic", {
          input_tokens: 1,
          cache_creation_input_tokens: 6,
          cache_creation: { ephemeral_5m_input_tokens: 6 },
        }),
      ),
    ).toEqual({ inputTotal: 7, read: 0, written: { total: 6, "5m": 6, "1h": 0 }, uncached: 1 });
  });

  it.each([
    ["bedrock", { cacheReadInputTokens: 3 }, "inputTokens is missing"],
    ["openai-responses", { input_tokens_details: { cached_tokens: 3 } }, "input_tokens is missing"],
    ["openai-chat", { completion_tokens: 3 }, "prompt_tokens is missing"],
  ] as const)("%s: the input total is required (%j)", (provider, usage, why) => {
    expect(normalizeUsage(provider, usage).diagnostics.map((d) => d.message)).toEqual([
      `${provider} usage is not readable: ${why}.`,
    ]);
  });
});
