import { beforeAll, describe, expect, it } from "vitest";
import { countTokens, loadTokenCounter } from "../inputs/count-tokens.js";
import { makeSyntheticText } from "./make-synthetic-text.js";

describe("makeSyntheticText", () => {
  beforeAll(loadTokenCounter);

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
