import type { TokenCounter } from "@promptstack/core";
import { createO200kTextCounter } from "./create-o200k-text-counter.js";
import { createRankTableTokenCounter, toCountedLines } from "./create-rank-table-token-counter.js";
import { formatLineCountSeed } from "./parse-line-count-seed.js";
import { parseO200kRankTable } from "./parse-o200k-rank-table.js";

/**
 * Build time: the count of every non-empty line (`toCountedLines`) of `texts`, for the seed file
 * (`formatLineCountSeed`). `countLine` is the o200k count of one line.
 */
export function buildLineCountSeed(
  texts: Iterable<string>,
  countLine: (line: string) => number,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const line of toCountedLines(text)) {
      if (line !== "" && !counts.has(line)) counts.set(line, countLine(line));
    }
  }
  return counts;
}

/**
 * Build time (the CLI's `scripts/bundle-bin.mjs`): the seed file's text for the rank table
 * `rankTable` (`buildO200kRankTable`'s bytes): the counts of the lines of the texts `loadTexts`
 * returns (the CLI's: the renderer's built-in prose, `loadBuiltInProse`), given a counter over
 * the same table.
 */
export async function buildLineCountSeedText(
  rankTable: Uint8Array,
  loadTexts: (counter: TokenCounter) => Promise<readonly string[]>,
): Promise<string> {
  const table = parseO200kRankTable(rankTable);
  const texts = await loadTexts(createRankTableTokenCounter(table));
  return formatLineCountSeed(buildLineCountSeed(texts, createO200kTextCounter(table)));
}
