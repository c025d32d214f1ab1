import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TokenCounter } from "@promptstack/core";
import o200kRanks from "gpt-tokenizer/bpeRanks/o200k_base";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createGptTokenizerTokenCounter } from "../test/create-gpt-tokenizer-token-counter.js";
import { buildO200kRankTable } from "./build-o200k-rank-table.js";
import { createRankTableTokenCounter, toCountedLines } from "./create-rank-table-token-counter.js";
import { parseO200kRankTable } from "./parse-o200k-rank-table.js";
import type { O200kRankTable } from "./parse-o200k-rank-table.js";

const FIXTURES = fileURLToPath(new URL("../../../fixtures", import.meta.url));

let table: O200kRankTable;
let counter: TokenCounter;
let reference: TokenCounter;

beforeAll(async () => {
  table = parseO200kRankTable(buildO200kRankTable(o200kRanks));
  counter = createRankTableTokenCounter(table);
  reference = createGptTokenizerTokenCounter();
});

describe("createRankTableTokenCounter", () => {
  it("counts every fixture text file (the prompt snapshots among them) like gpt-tokenizer (the oracle)", async () => {
    const entries = await readdir(FIXTURES, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && /\.(md|txt|json5?)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.includes("prompt-snapshots"))).toBe(true);
    for (const file of files) {
      const text = await readFile(file, "utf8");
      expect(counter.countTokens(text), file).toBe(reference.countTokens(text));
    }
  });

  it("counts long runs chunk by chunk, like gpt-tokenizer", () => {
    for (const text of ["a".repeat(5000), `${"word ".repeat(3000)}end`, "🎉".repeat(700)]) {
      expect(counter.countTokens(text)).toBe(reference.countTokens(text));
    }
  });

  it("counts a text, then its prefix and the text again, from remembered chunks alike", () => {
    const text = "Section one.\n\n".repeat(400) + "The volatile tail: 2026-11-29 09:12.";
    const prefix = text.slice(0, 5000);
    for (const sample of [text, prefix, text, prefix]) {
      expect(counter.countTokens(sample)).toBe(reference.countTokens(sample));
    }
  });

  it("counts texts line by line from its memo like gpt-tokenizer (lines, then them joined)", () => {
    // Line starts next to what may end or continue a piece there: "/" and white space after the
    // break, punctuation, CRLF and trailing spaces before it.
    const line = fc.oneof(
      fc.constantFrom(
        "",
        " ",
        "/",
        "//",
        "/path",
        " indented",
        "\t",
        "\r",
        ".",
        "...",
        "x.",
        "end. ",
      ),
      fc.stringMatching(/^[A-Za-z0-9 .,:;'"!?/()#*<>-]{1,30}$/),
      fc.string({ unit: "grapheme", maxLength: 8 }),
    );
    const paragraph = fc
      .tuple(fc.array(line, { maxLength: 6 }), fc.constantFrom("\n", "\r\n", "\n\n"))
      .map(([lines, breakText]) => lines.join(breakText));
    fc.assert(
      fc.property(fc.array(paragraph, { minLength: 1, maxLength: 5 }), (paragraphs) => {
        const fresh = createRankTableTokenCounter(table);
        for (const text of [...paragraphs, paragraphs.join("\n\n"), paragraphs.join("\n")]) {
          expect(fresh.countTokens(text), JSON.stringify(text)).toBe(reference.countTokens(text));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("takes a seeded line's count from the seed and counts every other line", () => {
    const seeded = "A seeded line of built-in prose.\n";
    const other = "A line the seed does not hold.\n";
    // A planted count (a real seed holds the counted one): only the seeded line takes it.
    const seed = new Map([[seeded, 1000]]);
    const withSeed = createRankTableTokenCounter(table, seed);
    expect(toCountedLines(seeded + other)).toEqual([seeded, other]);
    expect(withSeed.countTokens(seeded + other)).toBe(1000 + reference.countTokens(other));
    expect(withSeed.countTokens(other)).toBe(reference.countTokens(other));
  });

  it("remembers counted lines up to 1,000,000 characters, and starts afresh one past", () => {
    // The seed is asked only about lines the memo does not hold.
    const asked: string[] = [];
    const seed = new (class extends Map<string, number> {
      override get(line: string): number | undefined {
        asked.push(line);
        return super.get(line);
      }
    })();
    const withSeed = createRankTableTokenCounter(table, seed);
    // 1,000 distinct lines of 1,000 characters each, each one counted line.
    const lines = Array.from(
      { length: 1000 },
      (_, index) => `${String(index).padStart(4, "0")}${" word".repeat(199)}\n`,
    );
    expect(lines[0]).toHaveLength(1000);
    expect(toCountedLines(lines[0] as string)).toEqual([lines[0]]);
    const [first, last] = [lines[0] as string, lines[999] as string];
    const count = reference.countTokens(first);
    for (const line of lines) withSeed.countTokens(line);
    expect(asked).toHaveLength(1000);
    // Exactly full: every line is still remembered.
    expect(withSeed.countTokens(first)).toBe(count);
    expect(withSeed.countTokens(last)).toBe(reference.countTokens(last));
    expect(asked).toHaveLength(1000);
    // One character more empties the memo first.
    withSeed.countTokens("z");
    expect(asked.slice(1000)).toEqual(["z"]);
    expect(withSeed.countTokens(first)).toBe(count);
    expect(withSeed.countTokens("z")).toBe(1);
    expect(asked.slice(1000)).toEqual(["z", first]);
  });

  it("counts like bootstrap's counter with a seed of its own counts (lines, then them joined)", () => {
    const text =
      "## Safety\nNever share secrets.\n\n## Tools\n- read: reads.\n/path\n\nTail 09:12.";
    const seed = new Map(toCountedLines(text).map((line) => [line, counter.countTokens(line)]));
    const withSeed = createRankTableTokenCounter(table, seed);
    for (const sample of [text, `${text}\nmore`, text.slice(0, 30), text]) {
      expect(withSeed.countTokens(sample), JSON.stringify(sample)).toBe(
        reference.countTokens(sample),
      );
    }
  });

  it("answers isWithinLimit at the exact count", () => {
    const text = "The quick brown fox jumps over the lazy dog. ".repeat(200);
    const tokens = reference.countTokens(text);
    expect(counter.isWithinLimit(text, tokens)).toBe(true);
    expect(counter.isWithinLimit(text, tokens - 1)).toBe(false);
  });
});

describe("isWithinLimit", () => {
  it("holds a text of exactly the limit, not one token over, and counts special-token text as plain text", () => {
    const text = "one two three four five <|endoftext|>";
    const tokens = counter.countTokens(text);
    expect(tokens).toBe(reference.countTokens(text));
    expect(tokens).toBeGreaterThan(6);
    expect(counter.isWithinLimit(text, tokens)).toBe(true);
    expect(counter.isWithinLimit(text, tokens - 1)).toBe(false);
  });
});
