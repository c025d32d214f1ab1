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
  });
});
