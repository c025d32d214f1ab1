import fc from "fast-check";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { describe, expect, it } from "vitest";
import {
  O200K_FULL_CLASSES,
  buildO200kSplitPattern,
  createO200kSplitter,
} from "./create-o200k-splitter.js";

const oracle = (text: string): RegExpMatchArray | null =>
  text.match(new RegExp(O200K_TOKEN_SPLIT_REGEX.source, O200K_TOKEN_SPLIT_REGEX.flags));

/**
 * Characters from every class of the pattern and around it: ASCII, letters of each case kind
 * (Lu, Ll, Lt, Lm, Lo), marks (Mn, Mc), numbers outside ASCII (Nd, Nl, No), Unicode spaces, line
 * breaks, apostrophes, astral letters and emoji, and lone surrogates.
 */
const UNITS = [
  ..."aZz AQ09'sStTlLvVeErRdDmM\t\n\r\n/.,<>!-_`^~\\\x00\x0b\x0c".split(""),
  ..."äÅéöß°—–…«»".split(""),
  "ǅ", // Lt
  "ʰ", // Lm
  "ー", // Lm (CJK)
  "中", // Lo
  "ا", // Lo
  "\u0301", // Mn
  "\u0903", // Mc
  "٣", // Nd
  "Ⅻ", // Nl
  "½", // No
  "\u00a0",
  "\u2028",
  "\u3000",
  "\ufeff",
  "𝐀", // astral Lu
  "𝑎", // astral Ll
  "🪶",
  "👩‍👧",
  "\ud83d", // lone high surrogate
  "\ude00", // lone low surrogate
];

describe("createO200kSplitter", () => {
  it("builds gpt-tokenizer's pattern from the full classes", () => {
    // A change of gpt-tokenizer's pattern fails here, not silently in the counts.
    expect(buildO200kSplitPattern(O200K_FULL_CLASSES)).toBe(O200K_TOKEN_SPLIT_REGEX.source);
  });

  it("splits every text into the pieces of gpt-tokenizer's pattern", () => {
    const split = createO200kSplitter();
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...UNITS), { maxLength: 60 }), (units) => {
        const text = units.join("");
        expect(split(text)).toEqual(oracle(text));
      }),
      { numRuns: 1500 },
    );
  });

  it("splits arbitrary strings as the pattern does, one splitter for many texts", () => {
    const split = createO200kSplitter();
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (text) => {
        expect(split(text)).toEqual(oracle(text));
      }),
      { numRuns: 1500 },
    );
  });

  it("keeps the pieces right after it switches to the full pattern", () => {
    const split = createO200kSplitter();
    // 400 distinct CJK letters: more than the splitter lists in its own classes.
    const cjk = Array.from({ length: 400 }, (_, index) => String.fromCodePoint(0x4e00 + index));
    for (let at = 0; at < cjk.length; at += 50) {
      const text = `Text ${cjk.slice(at, at + 50).join("")} and ２３ ä\u0301 done's`;
      expect(split(text)).toEqual(oracle(text));
    }
    expect(split("plain ascii, 123 words")).toEqual(oracle("plain ascii, 123 words"));
  });

  it("fails when a class misses what the text holds (the property can fail)", () => {
    // A pattern over ASCII ranges only cuts a word with a letter outside ASCII differently.
    const asciiOnly = new RegExp(
      buildO200kSplitPattern({
        letterOrNumber: "A-Za-z0-9",
        upper: "A-Z",
        lower: "a-z",
        number: "[0-9]",
      }),
      "gu",
    );
    expect("Grüße".match(asciiOnly)).not.toEqual(oracle("Grüße"));
  });
});
