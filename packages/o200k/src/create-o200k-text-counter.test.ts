import fc from "fast-check";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import o200kRanks from "gpt-tokenizer/bpeRanks/o200k_base";
import { beforeAll, describe, expect, it } from "vitest";
import { buildO200kRankTable } from "./build-o200k-rank-table.js";
import { createO200kTextCounter } from "./create-o200k-text-counter.js";
import { parseO200kRankTable } from "./parse-o200k-rank-table.js";
import type { O200kRankTable } from "./parse-o200k-rank-table.js";

// The oracle: gpt-tokenizer's own count, special-token text counted as plain text (as the
// CLI's counter has always called it).
const oracle = (text: string): number => countTokens(text, { disallowedSpecial: new Set() });

let table: O200kRankTable;
let count: (text: string) => number;

beforeAll(() => {
  table = parseO200kRankTable(buildO200kRankTable(o200kRanks));
  count = createO200kTextCounter(table);
});

/** Pieces that meet every branch of the o200k pre-tokenizer and of the byte-level merge. */
const PIECES = [
  " ",
  "  ",
  "\t",
  "\n",
  "\r\n",
  "\n\n\n",
  "   \n",
  "a",
  "Hello",
  " world",
  "HTTPServer",
  "camelCase",
  "'s",
  "'LL",
  "'Re",
  "don't",
  "0",
  "12345678901234",
  "3.14159",
  "<",
  "</div>",
  "<|endoftext|>",
  "<|im_start|>",
  "{{",
  "```ts",
  "//",
  "/**",
  "&amp;",
  "日本語",
  "中文文本",
  "한국어",
  "Ελληνικά",
  "Привет",
  "مرحبا",
  "\u0301",
  "e\u0301",
  "🎉",
  "👩‍👩‍👧",
  "🇸🇪",
  "\uFEFF",
  "\uFEFFusing",
  "\uFEFF\uFEFF",
  "\uFEFF#",
  "\uFEFF名",
  "\uD800",
  "\uDC00",
  "\u00A0",
  "\u2028",
  "\u3000",
  "\u0000",
  "\uFFFD",
  "€",
  "…",
  "—",
];

describe("createO200kTextCounter", () => {
  it("counts like gpt-tokenizer on hand-picked text", () => {
    const samples = [
      "",
      "Hello, world!",
      "You are Wren, Mara's personal assistant.\n\n## Tooling\n- read: Read a file.\n",
      "   leading and trailing   ",
      "numbers 1 12 123 1234 12345 and 3.14159265358979",
      "<available_skills>\n  <skill><name>x</name></skill>\n</available_skills>",
      "mixed 日本語 text with emoji 🎉🎉 and ZWJ 👩‍👩‍👧 sequences",
      "special <|endoftext|> tokens <|im_start|> count as text",
      "a".repeat(300),
      // One piece longer than the counter's first buffers (1,024 bytes): they grow.
      "a".repeat(400),
      "é".repeat(600),
      // One piece of three-byte characters that fills grown buffers exactly.
      "中".repeat(400),
      " ".repeat(300),
      "9".repeat(100),
      ...PIECES,
    ];
    for (const text of samples) expect(count(text), JSON.stringify(text)).toBe(oracle(text));
  });

  it("copies gpt-tokenizer's handling of the byte-order mark, which a byte-level lookup would not", () => {
    // o200k has a token for U+FEFF "using"; gpt-tokenizer never finds it (it decodes the bytes
    // and its decoder drops the mark), so it counts more. The counter must give its numbers.
    // Where a merge spans a mark and valid UTF-8 after it, gpt-tokenizer ranks the pair as the
    // text after the mark (the pair U+FEFF "名" gets the rank of "名").
    const texts = ["\uFEFFusing", "\uFEFF\n\n", "\uFEFF\uFEFF", "x\uFEFFnamespace y"];
    // After a mark: two-, three- and four-byte characters, and a lone surrogate (U+FFFD).
    const after = ["\uFEFFé", "\uFEFFéa", "\uFEFF😀", "\uFEFF😀x", "\uFEFF\uD800", "\uFEFF\u0080"];
    for (const text of [...texts, ...after, "\uFEFF名", "\uFEFF\u1784", "a\uFEFF名前"]) {
      expect(count(text), JSON.stringify(text)).toBe(oracle(text));
    }
    expect(oracle("\uFEFFusing")).toBeGreaterThan(1);
  });

  it("encodes the characters at each UTF-8 length and surrogate boundary like gpt-tokenizer", () => {
    // Last and first code point of each UTF-8 length, the surrogate range's edges (paired and
    // lone), alone and inside words.
    const edges = [
      "\u007f",
      "\u0080",
      "\u07ff",
      "\u0800",
      "\ud7ff",
      "\ud800",
      "\udbff",
      "\udc00",
      "\udfff",
      "\ue000",
      "\uffff",
      "\ud800\udc00",
      "\ud800\udfff",
      "\udbff\udc00",
      "\udbff\udfff",
      "\ud800\ud800",
      "\udc00\udc00",
    ];
    for (const edge of edges) {
      for (const text of [edge, edge.repeat(3), `ab${edge}cd`, ` ${edge}x`]) {
        expect(count(text), JSON.stringify(text)).toBe(oracle(text));
      }
    }
  });

  it("counts a piece that is a whole token as one, even where merging its bytes gives more", () => {
    // A space and a byte-order mark: one token, one piece (JavaScript's \s holds U+FEFF), and the
    // only o200k token that gpt-tokenizer finds whole but its merges never reach.
    expect(count(" \uFEFF")).toBe(1);
    expect(oracle(" \uFEFF")).toBe(1);
  });

  it("ranks spans that share bytes with a byte-order mark by their own bytes", () => {
    // 绿 (U+7EFF) and 滿 (U+6EFF) end in the mark's last two bytes, ＿ (U+FF3F) has its first
    // and last byte, ﻗ (U+FED7) its first two: none is a mark, and each is part of a token
    // (ﻗ merges with 京 after the part the mark's rule would drop).
    for (const chars of ["绿", "绿色", "滿", "＿", "＿＿", "ﻗ京"]) {
      for (const text of [chars, `a${chars}`, ` ${chars}`, chars.repeat(2)]) {
        expect(count(text), JSON.stringify(text)).toBe(oracle(text));
      }
    }
  });

  it("counts like gpt-tokenizer on arbitrary strings (full Unicode, lone surrogates included)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        expect(count(text)).toBe(oracle(text));
      }),
      { numRuns: 400 },
    );
  });

  it("counts like gpt-tokenizer on mixtures of words, digits, markup, whitespace, CJK and emoji", () => {
    const piece = fc.oneof(
      fc.constantFrom(...PIECES),
      fc.string({ unit: "grapheme", maxLength: 12 }),
      fc.stringMatching(/^[0-9]{1,20}$/),
      fc.stringMatching(/^[ \t\r\n]{1,8}$/),
      fc.stringMatching(/^[A-Za-z']{1,12}$/),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(count(text)).toBe(oracle(text));
      }),
      { numRuns: 600 },
    );
  });

  it("gives the same count on a second call (the memo of merged pieces)", () => {
    const text = "Memoised merges: antidisestablishmentarianism 🎉 日本語";
    expect(count(text)).toBe(count(text));
    expect(count(text)).toBe(oracle(text));
  });

  it("remembers 20,000 merged pieces, and empties its memo before it takes one more", () => {
    // Every rank lookup reads the table's slots; a remembered piece reads nothing.
    let reads = 0;
    const counted = createO200kTextCounter({
      ...table,
      get slots() {
        reads += 1;
        return table.slots;
      },
    });
    const letters = "abcdefghijklmnopqrstuvwxyz";
    // " " and four letters: one piece each, 20,001 distinct ones.
    const word = (index: number) =>
      ` ${[17_576, 676, 26, 1].map((unit) => letters[Math.floor(index / unit) % 26]).join("")}`;
    const readsFor = (text: string) => {
      const before = reads;
      expect(counted(text), JSON.stringify(text)).toBe(oracle(text));
      return reads - before;
    };
    expect(readsFor(word(0))).toBeGreaterThan(0);
    for (let index = 1; index < 20_000; index += 1) counted(word(index));
    // Full: every piece still remembered.
    expect(readsFor(word(0))).toBe(0);
    expect(readsFor(word(19_999))).toBe(0);
    expect(readsFor(`${word(0)}${word(19_999)}`)).toBe(0);
    // The next new piece empties the memo first.
    expect(readsFor(word(20_000))).toBeGreaterThan(0);
    expect(readsFor(word(20_000))).toBe(0);
    expect(readsFor(word(0))).toBeGreaterThan(0);
  });
});
