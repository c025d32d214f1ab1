import { describe, expect, it } from "vitest";
import { formatPromptCacheKey } from "./format-prompt-cache-key.js";

describe("formatPromptCacheKey", () => {
  it("names the agent and the model, nothing else", () => {
    expect(formatPromptCacheKey("main", "gpt-5.5")).toBe("promptstack:main:gpt-5.5");
  });

  it("hashes long keys to at most 64 characters, deterministically", () => {
    const long = formatPromptCacheKey("a".repeat(80), "gpt-5.5");
    expect(long).toMatch(/^promptstack:[0-9a-f]{16}$/);
    expect(formatPromptCacheKey("a".repeat(80), "gpt-5.5")).toBe(long);
    expect(formatPromptCacheKey("b".repeat(80), "gpt-5.5")).not.toBe(long);
  });
});
