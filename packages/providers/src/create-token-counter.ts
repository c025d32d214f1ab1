import type { TokenCounter } from "@promptstack/core";

const countEstimate = (text: string): number => Math.ceil(text.length / 4);

/**
 * The built-in counter: about four characters per token, labelled an estimate. Inject a real
 * tokenizer (e.g. `loadO200kTokenCounter()` of `@promptstack/o200k` for OpenAI models), or wrap
 * one with `createTokenCounter`.
 */
export const ESTIMATE_TOKEN_COUNTER: TokenCounter = Object.freeze({
  name: "estimate (chars/4)",
  estimate: true,
  countTokens: countEstimate,
  isWithinLimit: (text: string, limit: number) => countEstimate(text) <= limit,
});

/** Wraps a tokenizer function as a `TokenCounter`; `estimate` says whether counts are approximate. */
export function createTokenCounter(
  name: string,
  count: (text: string) => number,
  estimate = false,
): TokenCounter {
  return Object.freeze({
    name,
    estimate,
    countTokens: count,
    isWithinLimit: (text: string, limit: number) => count(text) <= limit,
  });
}
