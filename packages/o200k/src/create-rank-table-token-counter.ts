import { splitTextForTokenCounting } from "./split-text-for-token-counting.js";
import type { TokenCounter } from "@promptstack/core";
import { createO200kTextCounter } from "./create-o200k-text-counter.js";
import type { O200kRankTable } from "./parse-o200k-rank-table.js";

const MEMO_MAX_CHARS = 1_000_000;

/**
 * Line starts where the o200k pre-tokenizer always starts a new piece, one of
 * `splitTextForTokenCounting`'s natural cuts (after a line break, before a character that is
 * neither white space nor "/"): a chunk's count is the sum of its lines' counts.
 */
const LINE_START = /(?<=\n)(?=[^\s/])/;

/**
 * The units the counter counts and remembers, in order: `splitTextForTokenCounting`'s chunks,
 * each cut at `LINE_START`. The count of `text` is the sum of their counts.
 */
export function toCountedLines(text: string): string[] {
  return splitTextForTokenCounting(text).flatMap(toChunkLines);
}

/** One chunk's counted lines (see `toCountedLines`). */
function toChunkLines(chunk: string): string[] {
  return chunk.split(LINE_START);
}

/**
 * The o200k token counter over the build's rank table: the same chunking as bootstrap's
 * `createO200kTokenCounter` (`splitTextForTokenCounting`, so no input is quadratic) and, chunk by
 * chunk, the same counts as gpt-tokenizer. `seed`: counts of lines (`toCountedLines`) known
 * before the first call, the build's counts of the renderer's built-in prose
 * (`loadLineCountSeed`); a line it holds is not counted again.
 */
export function createRankTableTokenCounter(
  table: O200kRankTable,
  seed?: ReadonlyMap<string, number>,
): TokenCounter {
  const countText = createO200kTextCounter(table);
  // Reports count overlapping texts (each section, the whole prompt, its stable prefix): their
  // lines repeat, so counts are remembered line by line. Emptied when it holds this many characters.
  const memo = new Map<string, number>();
  let memoChars = 0;
  const countLine = (line: string): number => {
    const known = memo.get(line) ?? seed?.get(line);
    if (known !== undefined) return known;
    const count = countText(line);
    if (memoChars + line.length > MEMO_MAX_CHARS) {
      memo.clear();
      memoChars = 0;
    }
    memo.set(line, count);
    memoChars += line.length;
    return count;
  };
  const countChunk = (chunk: string): number => {
    let sum = 0;
    for (const line of toChunkLines(chunk)) sum += countLine(line);
    return sum;
  };
  return {
    name: "o200k_base",
    estimate: false,
    countTokens: (text) =>
      splitTextForTokenCounting(text).reduce((sum, chunk) => sum + countChunk(chunk), 0),
    isWithinLimit: (text, limit) => {
      let sum = 0;
      for (const chunk of splitTextForTokenCounting(text)) {
        sum += countChunk(chunk);
        if (sum > limit) return false;
      }
      return true;
    },
  };
}
