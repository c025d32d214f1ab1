import fc from "fast-check";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import {
  TOKEN_COUNT_MAX_RUN_CHARS,
  splitTextForTokenCounting,
} from "./split-text-for-token-counting.js";

const FUZZ_RUNS = 300;
const options = { disallowedSpecial: new Set<string>() };

function chunkedCount(text: string): number {
  return splitTextForTokenCounting(text).reduce(
    (sum, chunk) => sum + countTokens(chunk, options),
    0,
  );
}

// Longest stretch of a chunk with no natural cut.
function longestRun(chunk: string): number {
  return Math.max(
    0,
    ...chunk
      .split(/ (?=\S)|(?<=\n)(?=[^\s/])|(?<=[A-Za-z])(?=[!-&(-/:-@[-`{-~])/u)
      .map((piece) => piece.length),
  );
}

describe("splitTextForTokenCounting", () => {
  it("loses no character and never splits a surrogate pair", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 2000 }), (text) => {
        const chunks = splitTextForTokenCounting(text);
        expect(chunks.join("")).toBe(text);
        for (const chunk of chunks.slice(1)) {
          const first = chunk.charCodeAt(0);
          expect(first >= 0xdc00 && first <= 0xdfff && chunk !== "").toBe(false);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("bounds every run handed to BPE, so counting is linear", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "🙂", "."), maxLength: 3000 }),
        (text) => {
          for (const chunk of splitTextForTokenCounting(text)) {
            expect(longestRun(chunk)).toBeLessThanOrEqual(TOKEN_COUNT_MAX_RUN_CHARS + 1);
          }
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
    // The attack input: a 300 KB run of one letter (81 s before chunking) is cut into short runs.
    const chunks = splitTextForTokenCounting("a".repeat(300_000));
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBe(TOKEN_COUNT_MAX_RUN_CHARS);
  });

  it("counts prose exactly like the whole text", () => {
    const word = fc.stringMatching(
      /^(?:[A-Za-z]{1,12}[.,!?']?|<[a-z]{1,8}>|\d{1,6}|[-*#|]{1,3})$/u,
    );
    const gap = fc.constantFrom(" ", " ", " ", "\n", "\n  ", "  ", "\n\n    ");
    fc.assert(
      fc.property(fc.array(fc.tuple(word, gap), { minLength: 1, maxLength: 1500 }), (pairs) => {
        const text = pairs.map(([w, g]) => w + g).join("");
        expect(chunkedCount(text)).toBe(countTokens(text, options));
      }),
      { numRuns: 100 },
    );
  });
});
