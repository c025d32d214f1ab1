import { describe, expect, it } from "vitest";
import {
  LINE_COUNT_SEED_VERSION,
  formatLineCountSeed,
  parseLineCountSeed,
} from "./parse-line-count-seed.js";

describe("formatLineCountSeed / parseLineCountSeed", () => {
  it("reads back what it writes, entries sorted by line", () => {
    const counts = new Map([
      ["b line\n", 3],
      ["a line, 日本語 🎉\n", 7],
      ['"quoted" \\ line', 0],
    ]);
    const text = formatLineCountSeed(counts);
    expect(JSON.parse(text).counts.map(([line]: [string]) => line)).toEqual([
      '"quoted" \\ line',
      "a line, 日本語 🎉\n",
      "b line\n",
    ]);
    expect(parseLineCountSeed(text)).toEqual(counts);
  });

  it("writes the entries in code-unit order of their lines, whatever order it is given", () => {
    const lines = ["b", "a", "B", "ab", "é", "", "a ", "🎉", "\uffff", "aa", "c"];
    const sorted = ["", "B", "a", "a ", "aa", "ab", "b", "c", "é", "🎉", "\uffff"];
    for (const order of [lines, [...lines].reverse(), [...lines].sort(), [...sorted].reverse()]) {
      const text = formatLineCountSeed(new Map(order.map((line, index) => [line, index])));
      expect(JSON.parse(text).counts.map(([line]: [string]) => line)).toEqual(sorted);
    }
    expect(
      formatLineCountSeed(
        new Map([
          ["b", 2],
          ["a", 1],
        ]),
      ),
    ).toBe('{"version":1,"counts":[["a",1],["b",2]]}\n');
  });

  it("is undefined for anything that is not a seed, so the counter counts every line", () => {
    const seed = (counts: unknown, version: unknown = LINE_COUNT_SEED_VERSION) =>
      JSON.stringify({ version, counts });
    for (const text of [
      "",
      "not json",
      '{"version":1,"counts":[["cut off',
      "null",
      "[]",
      seed([["line", 1]], 2),
      seed({ line: 1 }),
      seed([["line"]]),
      seed([["line", 1, 2]]),
      seed([[1, 1]]),
      seed([["line", -1]]),
      seed([["line", 1.5]]),
      seed([["line", "1"]]),
      seed([["good", 1], null]),
    ]) {
      expect(parseLineCountSeed(text), text).toBeUndefined();
    }
    expect(parseLineCountSeed(seed([]))).toEqual(new Map());
  });
});
