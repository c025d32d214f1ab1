import o200kRanks from "gpt-tokenizer/bpeRanks/o200k_base";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { buildLineCountSeed, buildLineCountSeedText } from "./build-line-count-seed.js";
import { buildO200kRankTable } from "./build-o200k-rank-table.js";
import { toCountedLines } from "./create-rank-table-token-counter.js";
import { parseLineCountSeed } from "./parse-line-count-seed.js";

describe("buildLineCountSeed", () => {
  it("counts each non-empty counted line once, with the line counter it is given", () => {
    const counted: string[] = [];
    const seed = buildLineCountSeed(["alpha\n\nbeta\n", "beta\ngamma"], (line) => {
      counted.push(line);
      return line.length;
    });
    const expected = [...new Set(["alpha\n\nbeta\n", "beta\ngamma"].flatMap(toCountedLines))]
      .filter((line) => line !== "")
      .map((line) => [line, line.length]);
    expect([...seed]).toEqual(expected);
    expect(counted).toEqual(expected.map(([line]) => line));
    expect(seed.has("")).toBe(false);
  });

  it("is empty for no texts and for texts without a counted line", () => {
    expect(buildLineCountSeed([], () => 1).size).toBe(0);
    expect(buildLineCountSeed([""], () => 1).size).toBe(0);
  });
});

describe("buildLineCountSeedText", () => {
  it("writes the o200k counts of the lines of the texts it loads, readable as a seed", async () => {
    const table = buildO200kRankTable(o200kRanks);
    let counterSeen = false;
    const text = await buildLineCountSeedText(table, async (counter) => {
      // The loader gets a counter over the same table (the CLI counts its prose with it).
      counterSeen = counter.countTokens("Hello world") === 2;
      return ["Hello world\nA second line.", "Hello world"];
    });
    expect(counterSeen).toBe(true);
    const seed = parseLineCountSeed(text);
    expect(seed).toBeDefined();
    const lines = [
      ...new Set(["Hello world\nA second line.", "Hello world"].flatMap(toCountedLines)),
    ].filter((line) => line !== "");
    expect(lines).toHaveLength(3);
    expect([...seed!.keys()].sort()).toEqual([...lines].sort());
    for (const line of lines) {
      expect(seed!.get(line)).toBe(countTokens(line, { disallowedSpecial: new Set() }));
    }
  });
});
