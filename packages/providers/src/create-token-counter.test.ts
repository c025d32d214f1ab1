import { describe, expect, it } from "vitest";
import { createTokenCounter, ESTIMATE_TOKEN_COUNTER } from "./create-token-counter.js";

describe("ESTIMATE_TOKEN_COUNTER", () => {
  it("counts four characters per token, rounded up, and says it is an estimate", () => {
    expect(ESTIMATE_TOKEN_COUNTER.name).toBe("estimate (chars/4)");
    expect(ESTIMATE_TOKEN_COUNTER.estimate).toBe(true);
    expect(
      ["", "a", "abcd", "abcde"].map((text) => ESTIMATE_TOKEN_COUNTER.countTokens(text)),
    ).toEqual([0, 1, 1, 2]);
  });

  it("a text of exactly the limit is within it; one token more is not", () => {
    // "x" × 8 is 2 tokens, "x" × 9 is 3.
    expect(ESTIMATE_TOKEN_COUNTER.isWithinLimit("x".repeat(8), 2)).toBe(true);
    expect(ESTIMATE_TOKEN_COUNTER.isWithinLimit("x".repeat(9), 2)).toBe(false);
    expect(ESTIMATE_TOKEN_COUNTER.isWithinLimit("x".repeat(4), 2)).toBe(true);
  });
});

describe("createTokenCounter", () => {
  const perChar = (text: string) => text.length;

  it("wraps the function under its name; counts are exact unless said otherwise", () => {
    const counter = createTokenCounter("chars", perChar);
    expect(counter).toMatchObject({ name: "chars", estimate: false });
    expect(counter.countTokens("abc")).toBe(3);
    expect(createTokenCounter("chars", perChar, true).estimate).toBe(true);
    expect(Object.isFrozen(counter)).toBe(true);
  });

  it("a text of exactly the limit is within it; one token more is not", () => {
    const counter = createTokenCounter("chars", perChar);
    expect(counter.isWithinLimit("abc", 3)).toBe(true);
    expect(counter.isWithinLimit("abcd", 3)).toBe(false);
    expect(counter.isWithinLimit("ab", 3)).toBe(true);
  });
});
