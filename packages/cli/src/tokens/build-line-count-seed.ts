import { createO200kTextCounter } from "./create-o200k-text-counter.js";
import { createRankTableTokenCounter, toCountedLines } from "./create-rank-table-token-counter.js";
import { loadBuiltInProse } from "./load-built-in-prose.js";
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
 * Build time (`scripts/bundle-bin.mjs`): the seed file's text for the rank table `rankTable`
 * (`buildO200kRankTable`'s bytes): the counts of the lines of the renderer's built-in prose
 * (`loadBuiltInProse`).
 */
export async function buildLineCountSeedText(rankTable: Uint8Array): Promise<string> {
  const table = parseO200kRankTable(rankTable);
  const texts = await loadBuiltInProse(createRankTableTokenCounter(table));
  return formatLineCountSeed(buildLineCountSeed(texts, createO200kTextCounter(table)));
}
