import { toCountedLines } from "./create-rank-table-token-counter.js";

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
