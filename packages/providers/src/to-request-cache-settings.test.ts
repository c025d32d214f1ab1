import { describe, expect, it } from "vitest";
import { resolveCacheFacts } from "./cache-facts-table.js";
import { toRequestCacheSettings } from "./to-request-cache-settings.js";

const anthropic = resolveCacheFacts("anthropic", "claude-sonnet-4-5").row;
const openai = resolveCacheFacts("openai", "gpt-5.5").row;
const gemini = resolveCacheFacts("gemini", "gemini-2.5-flash").row;

describe("toRequestCacheSettings", () => {
  it("Anthropic: no marker asks for nothing; the longest marker TTL wins (top-level included)", () => {
    expect(toRequestCacheSettings("anthropic", { system: "x" }, anthropic)).toEqual({
      asksForCaching: false,
      ttlSeconds: 300,
    });
    expect(
      toRequestCacheSettings(
        "anthropic",
        {
          cache_control: { type: "ephemeral", ttl: "1h" },
          system: [{ type: "text", text: "x", cache_control: { type: "ephemeral" } }],
        },
        anthropic,
      ),
    ).toEqual({ asksForCaching: true, ttlSeconds: 3600 });
  });

  it("Bedrock: a cachePoint asks; its ttl sets the lifetime", () => {
    expect(
      toRequestCacheSettings(
        "bedrock",
        { system: [{ text: "x" }, { cachePoint: { type: "default", ttl: "1h" } }] },
        anthropic,
      ),
    ).toEqual({ asksForCaching: true, ttlSeconds: 3600 });
  });

  it("OpenAI: prompt_cache_options.ttl, else prompt_cache_retention, else the row's default", () => {
    expect(
      toRequestCacheSettings("openai-responses", { prompt_cache_options: { ttl: "30m" } }, openai),
    ).toEqual({
      asksForCaching: true,
      ttlSeconds: 1800,
    });
    expect(
      toRequestCacheSettings("openai-chat", { prompt_cache_retention: "in_memory" }, openai)
        .ttlSeconds,
    ).toBe(300);
    expect(toRequestCacheSettings("openai-chat", {}, openai).ttlSeconds).toBe(86_400);
  });

  it("Gemini: implicit, with no documented lifetime", () => {
    expect(toRequestCacheSettings("gemini", {}, gemini)).toEqual({
      asksForCaching: true,
      ttlSeconds: undefined,
    });
    // OpenAI's fields mean nothing to Gemini.
    const openaiFields = { prompt_cache_retention: "24h", prompt_cache_options: { ttl: "1h" } };
    expect(toRequestCacheSettings("gemini", openaiFields, gemini)).toStrictEqual({
      asksForCaching: true,
      ttlSeconds: undefined,
    });
  });

  it.each([
    ["45s", 45],
    ["5m", 300],
    [" 2H ", 7200],
    ["1d", 86_400],
    ["1h30m", undefined],
    ["x1h", undefined],
    ["1h!", undefined],
    ["5", undefined],
    [60, undefined],
  ])("reads a ttl of %j as %s seconds (else the row's default)", (ttl, seconds) => {
    const body = { prompt_cache_options: { ttl } };
    expect(toRequestCacheSettings("openai-responses", body, openai).ttlSeconds).toBe(
      seconds ?? 86_400,
    );
  });

  it("takes the longest marker ttl in any order; a marker that is not an object has none", () => {
    const marked = (...ttls: string[]) => ({
      system: ttls.map((ttl) => ({
        type: "text",
        text: "x",
        cache_control: { type: "ephemeral", ttl },
      })),
    });
    expect(toRequestCacheSettings("anthropic", marked("1h", "5m"), anthropic).ttlSeconds).toBe(
      3600,
    );
    expect(toRequestCacheSettings("anthropic", marked("5m", "1h"), anthropic).ttlSeconds).toBe(
      3600,
    );
    expect(
      toRequestCacheSettings("anthropic", { cache_control: "ephemeral" }, anthropic),
    ).toStrictEqual({ asksForCaching: true, ttlSeconds: 300 });
    expect(toRequestCacheSettings("anthropic", { cache_control: null }, anthropic)).toStrictEqual({
      asksForCaching: true,
      ttlSeconds: 300,
    });
    // Bedrock reads only cachePoint blocks; with a row without a default lifetime, the ttl of one counts.
    expect(toRequestCacheSettings("bedrock", marked("5m"), gemini)).toStrictEqual({
      asksForCaching: false,
      ttlSeconds: undefined,
    });
    const points = { system: [{ cachePoint: { type: "default", ttl: "5m" } }] };
    expect(toRequestCacheSettings("bedrock", points, gemini).ttlSeconds).toBe(300);
  });

  it("an undefined marker is not sent (JSON drops it), so it asks for nothing", () => {
    const unmarked = {
      cache_control: undefined,
      system: [{ type: "text", text: "x", cache_control: undefined }],
    };
    expect(toRequestCacheSettings("anthropic", unmarked, anthropic)).toStrictEqual({
      asksForCaching: false,
      ttlSeconds: 300,
    });
    const points = { system: [{ text: "x" }, { cachePoint: undefined }] };
    expect(toRequestCacheSettings("bedrock", points, anthropic)).toStrictEqual({
      asksForCaching: false,
      ttlSeconds: 300,
    });
  });

  it("OpenAI: 24h retention is a day; anything else, or options that are not an object, the default", () => {
    const settings = (body: object) => toRequestCacheSettings("openai-chat", body, openai);
    expect(settings({ prompt_cache_retention: "24h" })).toStrictEqual({
      asksForCaching: true,
      ttlSeconds: 86_400,
    });
    expect(
      settings({ prompt_cache_retention: "in_memory", prompt_cache_options: "1h" }),
    ).toStrictEqual({
      asksForCaching: true,
      ttlSeconds: 300,
    });
    const short = { ...openai, defaultTtlSeconds: 60 };
    expect(
      toRequestCacheSettings("openai-chat", { prompt_cache_retention: "forever" }, short),
    ).toStrictEqual({
      asksForCaching: true,
      ttlSeconds: 60,
    });
    expect(
      toRequestCacheSettings("openai-chat", { prompt_cache_retention: "24h" }, short).ttlSeconds,
    ).toBe(86_400);
    expect(toRequestCacheSettings("openai-chat", null, short).ttlSeconds).toBe(60);
    expect(
      settings({ prompt_cache_options: null, prompt_cache_retention: "in_memory" }),
    ).toStrictEqual({ asksForCaching: true, ttlSeconds: 300 });
  });
});
