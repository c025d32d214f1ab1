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

  it("keeps a key of exactly 64 characters readable, and hashes one of 65", () => {
    // "promptstack:" (12) + agent + ":" (1) + "gpt-5.5" (7).
    expect(formatPromptCacheKey("a".repeat(44), "gpt-5.5")).toBe(
      `promptstack:${"a".repeat(44)}:gpt-5.5`,
    );
    expect(formatPromptCacheKey("a".repeat(45), "gpt-5.5")).toMatch(/^promptstack:[0-9a-f]{16}$/);
  });

  it("hashes the agent and the model apart: moving a character across gives another key", () => {
    const agent = "a".repeat(70);
    expect(formatPromptCacheKey(`${agent}b`, "c")).not.toBe(formatPromptCacheKey(agent, "bc"));
  });

  it.each([
    ["agentId", () => formatPromptCacheKey(7 as unknown as string, "gpt-5.5")],
    ["model", () => formatPromptCacheKey("main", undefined as unknown as string)],
  ])("refuses %s when it is not a string", (path, run) => {
    expect(run).toThrow(
      expect.objectContaining({
        code: "PROVIDERS_INVALID_ARGUMENT",
        path,
        message: expect.stringMatching(
          new RegExp(`^formatPromptCacheKey: ${path} must be a string`),
        ),
      }),
    );
  });
});
