import { loadO200kTokenCounter } from "@promptstack/o200k";
import { describe, expect, it } from "vitest";
import { makeSyntheticText } from "./make-synthetic-text.js";

describe("makeSyntheticText", async () => {
  const counter = await loadO200kTokenCounter();
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

describe("makeSyntheticText cost", () => {
  it("hands the counter O(n log n) characters for a text of n, not every prefix", () => {
    let counted = 0;
    const countWords = (text: string): number => {
      counted += text.length;
      return text.split(" ").length;
    };
    const text = makeSyntheticText(5, 3000, countWords);
    expect(countWords(text)).toBeGreaterThanOrEqual(3000);
    counted -= text.length;
    // Counting each prefix in turn hands over about 1,500 times the text; doubling and a binary
    // search about 2 log2(3000), 24 times.
    expect(counted / text.length).toBeLessThan(40);
  });

  it("returns the shortest prefix that reaches the size, as counting every prefix did", () => {
    const countWords = (text: string): number => (text === "." ? 0 : text.split(" ").length);
    for (const tokens of [0, 1, 2, 3, 7, 64, 65, 1000]) {
      const text = makeSyntheticText(9, tokens, countWords);
      expect(countWords(text)).toBe(Math.max(tokens, 0));
    }
  });

  it("picks the same words for a seed on every run and machine (docs/cli.md's figures rest on it)", () => {
    const countWords = (text: string): number => (text === "." ? 0 : text.split(" ").length);
    expect(makeSyntheticText(1, 12, countWords)).toBe(
      "oven email rent shift meeting weather meeting swim email budget budget thesis.",
    );
    expect(makeSyntheticText(2, 12, countWords)).toBe(
      "draft student review cleaner hotel coat notes student cleaner notes bread cleaner.",
    );
  });
});
