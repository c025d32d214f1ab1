import type { TokenCounter } from "@promptstack/core";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { splitTextForTokenCounting } from "../src/split-text-for-token-counting.js";

// File text may contain special-token strings such as <|endoftext|>; count them as plain text.
const OPTIONS = { disallowedSpecial: new Set<string>() };

/**
 * The test oracle: gpt-tokenizer's o200k_base count, over the same chunks as the rank-table
 * counter (`splitTextForTokenCounting`), so the two must agree on every text.
 */
export function createGptTokenizerTokenCounter(): TokenCounter {
  return {
    countTokens: (text) =>
      splitTextForTokenCounting(text).reduce((sum, chunk) => sum + countTokens(chunk, OPTIONS), 0),
    isWithinLimit: (text, limit) => {
      let sum = 0;
      for (const chunk of splitTextForTokenCounting(text)) {
        sum += countTokens(chunk, OPTIONS);
        if (sum > limit) return false;
      }
      return true;
    },
  };
}
