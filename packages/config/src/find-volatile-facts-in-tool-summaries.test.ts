import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findVolatileFactsInToolSummaries } from "./find-volatile-facts-in-tool-summaries.js";

// The earlier implementation, kept as the oracle: one Unicode-aware RegExp per fact.
function oracle(summary: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, "iu").test(summary);
}

const found = (summary: string, sender: string) =>
  findVolatileFactsInToolSummaries({
    tools: [{ name: "read", description: summary }],
    volatile: { sender },
  }).length > 0;

describe("findVolatileFactsInToolSummaries", () => {
  it("matches whole words, case-insensitively, next to punctuation and emoji", () => {
    expect(found("Reads files for Ada Lovelace.", "ada lovelace")).toBe(true);
    expect(found("Reads files for Adam.", "Ada")).toBe(false);
    expect(found("Reads files (for ada_x).", "ada")).toBe(false);
    expect(found("😀Ada😀", "Ada")).toBe(true);
    expect(found("𝐀Ada", "Ada")).toBe(false); // a mathematical letter is a letter
    expect(found("Reads files.", "ad")).toBe(false); // shorter than three: never reported
  });

  it("agrees with the per-fact RegExp it replaced (property)", () => {
    // Letters whose lower case is one simple case fold, digits, underscore, punctuation, space.
    const char = fc.constantFrom(..."aAbBéÉ1_ .,-😀𝐀".split(/(?:)/u));
    const text = fc.array(char, { maxLength: 16 }).map((chars) => chars.join(""));
    const word = fc.array(char, { minLength: 3, maxLength: 5 }).map((chars) => chars.join(""));
    fc.assert(
      fc.property(text, word, (summary, value) => {
        fc.pre(value.trim() === value);
        expect(found(summary, value)).toBe(oracle(summary, value));
      }),
      { numRuns: 2000 },
    );
  });
});
