/**
 * Counts tokens. Injected wherever text is measured against a token budget or reported in
 * tokens, so pure code stays free of a tokenizer import; `@promptstack/o200k` provides the exact
 * o200k_base counter.
 */
export interface TokenCounter {
  countTokens(text: string): number;
  /** True when `text` has at most `limit` tokens (may stop counting early). */
  isWithinLimit(text: string, limit: number): boolean;
  /** Shown next to counts in reports, e.g. `o200k_base` or `estimate (chars/4)`. */
  readonly name?: string;
  /** True when the counts are not the model's own tokenizer's (reports label them estimates). */
  readonly estimate?: boolean;
}
