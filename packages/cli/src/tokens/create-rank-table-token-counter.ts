import { splitTextForTokenCounting } from "@promptstack/bootstrap";
import type { TokenCounter } from "@promptstack/bootstrap";
import { createO200kTextCounter } from "./create-o200k-text-counter.js";
import type { O200kRankTable } from "./parse-o200k-rank-table.js";

/**
 * The o200k token counter over the build's rank table: the same chunking as bootstrap's
 * `createO200kTokenCounter` (`splitTextForTokenCounting`, so no input is quadratic) and, chunk by
 * chunk, the same counts as gpt-tokenizer.
 */
export function createRankTableTokenCounter(table: O200kRankTable): TokenCounter {
  const countChunk = createO200kTextCounter(table);
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
