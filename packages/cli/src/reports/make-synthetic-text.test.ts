import { createO200kTokenCounter } from "@promptstack/bootstrap";
import { describe, expect, it } from "vitest";
import { makeSyntheticText } from "./make-synthetic-text.js";

describe("makeSyntheticText", async () => {
  const counter = await createO200kTokenCounter();
  const countTokens = (text: string): number => counter.countTokens(text);

  it("is deterministic per seed, differs between seeds, and reaches the size", () => {
    expect(makeSyntheticText(3, 60, countTokens)).toBe(makeSyntheticText(3, 60, countTokens));
    expect(makeSyntheticText(3, 60, countTokens)).not.toBe(makeSyntheticText(4, 60, countTokens));
    for (const tokens of [1, 60, 250]) {
      const count = countTokens(makeSyntheticText(7, tokens, countTokens));
      expect(count).toBeGreaterThanOrEqual(tokens);
      expect(count).toBeLessThanOrEqual(tokens + 3);
    }
    expect(makeSyntheticText(1, 0, countTokens)).toBe(".");
  });
});
