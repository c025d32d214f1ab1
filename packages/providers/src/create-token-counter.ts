import type { TokenCounter } from "./types.js";

/**
 * The built-in counter: about four characters per token, labelled an estimate. Inject a real
 * tokenizer (e.g. `gpt-tokenizer`'s o200k for OpenAI models) with `createTokenCounter`.
 */
export const ESTIMATE_TOKEN_COUNTER: TokenCounter = Object.freeze({
  name: "estimate (chars/4)",
  estimate: true,
  count: (text: string) => Math.ceil(text.length / 4),
});

/** Wraps a tokenizer function as a `TokenCounter`; `estimate` says whether counts are approximate. */
export function createTokenCounter(
  name: string,
  count: (text: string) => number,
  estimate = false,
): TokenCounter {
  return Object.freeze({ name, estimate, count });
}
