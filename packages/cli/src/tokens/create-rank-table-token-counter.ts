import { splitTextForTokenCounting } from "@promptstack/bootstrap";
import type { TokenCounter } from "@promptstack/bootstrap";
import { createO200kTextCounter } from "./create-o200k-text-counter.js";
import type { O200kRankTable } from "./parse-o200k-rank-table.js";

const MEMO_MAX_CHARS = 1_000_000;

/**
 * The o200k token counter over the build's rank table: the same chunking as bootstrap's
 * `createO200kTokenCounter` (`splitTextForTokenCounting`, so no input is quadratic) and, chunk by
 * chunk, the same counts as gpt-tokenizer.
 */
export function createRankTableTokenCounter(table: O200kRankTable): TokenCounter {
  const countText = createO200kTextCounter(table);
  // Reports count overlapping texts (the whole prompt, then its stable prefix): their chunks
  // repeat. Emptied when it holds this many characters.
  const memo = new Map<string, number>();
  let memoChars = 0;
  const countChunk = (chunk: string): number => {
    const known = memo.get(chunk);
    if (known !== undefined) return known;
    const count = countText(chunk);
    if (memoChars + chunk.length > MEMO_MAX_CHARS) {
      memo.clear();
      memoChars = 0;
    }
    memo.set(chunk, count);
    memoChars += chunk.length;
    return count;
  };
  return {
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
