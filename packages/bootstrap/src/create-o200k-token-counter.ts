import type { TokenCounter } from "./bootstrap-types.js";

/**
 * Creates a token counter for the `o200k_base` encoding (gpt-tokenizer). Loaded lazily because
 * the encoding table is large; only needed when token budgets are set.
 */
export async function createO200kTokenCounter(): Promise<TokenCounter> {
  const { countTokens, isWithinTokenLimit } = await import("gpt-tokenizer/encoding/o200k_base");
  // File text may contain special-token strings such as <|endoftext|>; count them as plain text.
  const options = { disallowedSpecial: new Set<string>() };
  return {
    countTokens: (text) => countTokens(text, options),
    isWithinLimit: (text, limit) => isWithinTokenLimit(text, limit, options) !== false,
  };
}
