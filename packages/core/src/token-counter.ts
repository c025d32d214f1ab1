/**
 * Counts tokens. Injected wherever text is measured against a token budget, so pure code stays
 * free of a tokenizer import; `@promptstack/o200k` provides the exact o200k_base counter.
 */
export interface TokenCounter {
  countTokens(text: string): number;
  /** True when `text` has at most `limit` tokens (may stop counting early). */
  isWithinLimit(text: string, limit: number): boolean;
}
