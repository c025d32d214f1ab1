import fc from "fast-check";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { describe, expect, it } from "vitest";
import type { O200kPatternClasses } from "./create-o200k-splitter.js";
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

  describe("the patterns it compiles", () => {
    /** A splitter whose compiled patterns are recorded: `null` stands for the full pattern. */
    const recorded = () => {
      const patterns: (string | null)[] = [];
      const split = createO200kSplitter((pattern) => {
        const full = buildO200kSplitPattern(O200K_FULL_CLASSES);
        patterns.push(pattern === full ? null : pattern);
        return new RegExp(pattern, "gu");
      });
      return { split, patterns };
    };
    /** The pattern over the ASCII ranges plus the given extra class contents. */
    const ascii = (extra: Partial<O200kPatternClasses> = {}) =>
      buildO200kSplitPattern({
        letterOrNumber: `A-Za-z0-9${extra.letterOrNumber ?? ""}`,
        upper: `A-Z${extra.upper ?? ""}`,
        lower: `a-z${extra.lower ?? ""}`,
        number: `[0-9${extra.number ?? ""}]`,
      });

    it("starts from the ASCII ranges and compiles nothing more for ASCII text", () => {
      const { split, patterns } = recorded();
      expect(split("Plain ASCII, 123 words.")).toEqual(oracle("Plain ASCII, 123 words."));
      expect(patterns).toEqual([ascii()]);
    });

    it("adds each character outside ASCII to the classes of its category, once", () => {
      const { split, patterns } = recorded();
      // Lu, Ll, Lo, Mn, Nd: one new pattern per text that brings a new one.
      for (const text of ["Ä", "ä", "中", "e\u0301", "٣"])
        expect(split(text)).toEqual(oracle(text));
      expect(patterns).toEqual([
        ascii(),
        ascii({ letterOrNumber: "\\u{c4}", upper: "\\u{c4}" }),
        ascii({ letterOrNumber: "\\u{c4}\\u{e4}", upper: "\\u{c4}", lower: "\\u{e4}" }),
        ascii({
          letterOrNumber: "\\u{c4}\\u{e4}\\u{4e2d}",
          upper: "\\u{c4}\\u{4e2d}",
          lower: "\\u{e4}\\u{4e2d}",
        }),
        ascii({
          letterOrNumber: "\\u{c4}\\u{e4}\\u{4e2d}",
          upper: "\\u{c4}\\u{4e2d}\\u{301}",
          lower: "\\u{e4}\\u{4e2d}\\u{301}",
        }),
        ascii({
          letterOrNumber: "\\u{c4}\\u{e4}\\u{4e2d}\\u{663}",
          upper: "\\u{c4}\\u{4e2d}\\u{301}",
          lower: "\\u{e4}\\u{4e2d}\\u{301}",
          number: "\\u{663}",
        }),
      ]);
    });

    it("compiles nothing for characters met before or in none of the classes", () => {
      const { split, patterns } = recorded();
      split("Grüße");
      expect(patterns).toHaveLength(2);
      // Met before (twice in one text, and again later), and punctuation outside ASCII.
      for (const text of ["Grüße süß", "— «quoted» —", "üß — …"]) {
        expect(split(text)).toEqual(oracle(text));
      }
      expect(patterns).toHaveLength(2);
    });

    it("switches to the full pattern at the 257th distinct letter outside ASCII, not before, and compiles nothing after", () => {
      const { split, patterns } = recorded();
      const cjk = (from: number, count: number) =>
        Array.from({ length: count }, (_, index) => String.fromCodePoint(0x4e00 + from + index));
      // 256 letters, each many times: still the splitter's own classes.
      const letters = cjk(0, 256).join("");
      expect(split(`${letters} ${letters}`)).toEqual(oracle(`${letters} ${letters}`));
      expect(patterns).toHaveLength(2);
      expect(patterns[1]).toContain("\\u{4eff}");
      const one = cjk(256, 1).join("");
      expect(split(`a${one}`)).toEqual(oracle(`a${one}`));
      expect(patterns).toEqual([ascii(), patterns[1], null]);
      // Past the switch, new letters need no pattern of their own.
      const more = cjk(300, 10).join("");
      expect(split(`${more} é`)).toEqual(oracle(`${more} é`));
      expect(patterns).toHaveLength(3);
    });
  });
});
