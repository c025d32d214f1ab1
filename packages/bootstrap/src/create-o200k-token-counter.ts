import type { TokenCounter } from "./bootstrap-types.js";
import { splitTextForTokenCounting } from "./split-text-for-token-counting.js";

/**
 * Creates a token counter for the `o200k_base` encoding (gpt-tokenizer). Loaded lazily because
 * the encoding table is large; only needed when token budgets are set.
 */
export async function createO200kTokenCounter(): Promise<TokenCounter> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  // File text may contain special-token strings such as <|endoftext|>; count them as plain text.
  const options = { disallowedSpecial: new Set<string>() };
  // Chunked so no input is quadratic (see splitTextForTokenCounting).
  const count = (text: string): number =>
    splitTextForTokenCounting(text).reduce((sum, chunk) => sum + countTokens(chunk, options), 0);
  return {
    countTokens: count,
    isWithinLimit: (text, limit) => {
      let sum = 0;
      for (const chunk of splitTextForTokenCounting(text)) {
        sum += countTokens(chunk, options);
        if (sum > limit) return false;
      }
      return true;
    },
  };
}
