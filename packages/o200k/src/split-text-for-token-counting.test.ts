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

/**
 * The cut rules written plainly, one helper per character test (the implementation inlines them
 * for speed): the oracle of the "cuts where the rules say" property.
 */
function referenceSplit(text: string): string[] {
  const isSpace = (code: number) =>
    code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
  const isAsciiLetter = (code: number) =>
    (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  const isAsciiPunctuation = (code: number) =>
    code !== 0x27 &&
    ((code >= 0x21 && code <= 0x2f) ||
      (code >= 0x3a && code <= 0x40) ||
      (code >= 0x5b && code <= 0x60) ||
      (code >= 0x7b && code <= 0x7e));
  const chunks: string[] = [];
  let start = 0;
  let lastBreak = 0;
  for (let index = 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const natural =
      (code === 0x20 && index + 1 < text.length && !isSpace(text.charCodeAt(index + 1))) ||
      (text.charCodeAt(index - 1) === 0x0a && !isSpace(code) && code !== 0x2f) ||
      (isAsciiLetter(text.charCodeAt(index - 1)) && isAsciiPunctuation(code));
    if (natural) {
      lastBreak = index;
      if (index - start >= 4096) {
        chunks.push(text.slice(start, index));
        start = index;
      }
    } else if (index - lastBreak >= TOKEN_COUNT_MAX_RUN_CHARS) {
      const before = text.charCodeAt(index - 1);
      if (before < 0xd800 || before > 0xdbff) {
        chunks.push(text.slice(start, index));
        start = index;
        lastBreak = index;
      }
    }
  }
  if (start < text.length || chunks.length === 0) chunks.push(text.slice(start));
  return chunks;
}

describe("splitTextForTokenCounting", () => {
  it("cuts exactly where the rules say (a plain reference implementation)", () => {
    const check = (text: string): void => {
      expect(splitTextForTokenCounting(text)).toEqual(referenceSplit(text));
    };
    // Long texts over one to three characters: runs where only some rules cut, so a wrong rule
    // moves a 128-character cut or a 4,096-character join.
    const sparseUnits = ["a", "Z", " ", "\t", "\n", "\r", "\f", "/", ".", "'", "\u00a0", "\ud83d"];
    const sparseText = fc
      .tuple(
        fc.subarray(sparseUnits, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 9000 }),
        fc.integer({ min: 1, max: 0x7fffffff }),
      )
      .map(([alphabet, length, seed]) => {
        // The characters picked by a small LCG from the seed: fast-check keeps arrays short.
        let state = seed;
        let text = "";
        for (let index = 0; index < length; index += 1) {
          state = (state * 48271) % 0x7fffffff;
          text += alphabet[state % alphabet.length] as string;
        }
        return text;
      });
    fc.assert(fc.property(sparseText, check), { numRuns: 400 });
    const units = [
      ..."aZ ' \t\n\r/.,!<>{}[]@`~-_09".split(""),
      "\u00a0",
      "\ud83d",
      "\ude42",
      "é",
      "中",
    ];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(fc.constantFrom(...units), { maxLength: 600 }).map((parts) => parts.join("")),
          fc.string({ unit: "binary", maxLength: 300 }),
        ),
        check,
      ),
      { numRuns: 300 },
    );
  });

  it("cuts at each boundary of the character tests exactly as the rules say", () => {
    const run = "a".repeat(100);
    const texts = [
      // After an ASCII letter: punctuation cuts (a natural cut at 100 moves the forced one).
      ...["!", "/", "0", "9", ":", "@", "A", "Z", "[", "`", "a", "z", "{", "~", "\x7f", "'"].map(
        (punctuation) => `${run}${punctuation}${run}`,
      ),
      // Before punctuation: only an ASCII letter cuts.
      ...["@", "A", "Z", "[", "`", "a", "z", "{"].map((letter) => `${run}1${letter}!${run}`),
      // The forced cut at 128 characters, after each end of the high-surrogate range.
      ...["\ud7ff\ud7ff", "\ud800\udc00", "\udbff\udfff", "\udc00\udc00"].map(
        (pair) => `${"a".repeat(127)}${pair}${run}`,
      ),
      // A space or a line break before white space or "/" leads into no piece start.
      ...[" \t", " \n", " \r", "  ", " x", "\n\t", "\n ", "\n\r", "\n\n", "\n/", "\nx"].map(
        (gap) => `${run}${gap}${run}`,
      ),
      // The same gaps where a chunk reaches 4,096 characters: the join ends at the first cut.
      ...["  ", " \n", "\n  ", "\n\n", "\n\t", " \t"].map(
        (gap) => `${"abc ".repeat(1023)}abcd${gap}abc`,
      ),
      // A space at the very end leads into nothing: no natural cut before it.
      `${"a".repeat(256)} `,
      `${"a".repeat(255)} `,
    ];
    for (const text of texts) {
      expect(splitTextForTokenCounting(text), JSON.stringify(text)).toEqual(referenceSplit(text));
    }
    expect(splitTextForTokenCounting(`${run}!${run}`)).toEqual([`${run}!${run}`]);
    expect(splitTextForTokenCounting(`${run}'${run}`)).toEqual([
      `${run}'${"a".repeat(27)}`,
      `${"a".repeat(73)}`,
    ]);
    expect(splitTextForTokenCounting(`${"a".repeat(256)} `)).toEqual([
      "a".repeat(128),
      "a".repeat(128),
      " ",
    ]);
    expect(splitTextForTokenCounting("")).toEqual([""]);
  });

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
