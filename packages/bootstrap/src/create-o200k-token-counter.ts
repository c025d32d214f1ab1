import { BootstrapError } from "./bootstrap-error.js";
import type { TokenCounter } from "@promptstack/core";

type O200kEncoding = typeof import("gpt-tokenizer/encoding/o200k_base");
import { splitTextForTokenCounting } from "./split-text-for-token-counting.js";

/**
 * Creates a token counter for the `o200k_base` encoding (gpt-tokenizer). Loaded lazily because
 * the encoding table is large; only needed when token budgets are set. `load` is injectable so a
 * test can stand in for a missing gpt-tokenizer (`BOOTSTRAP_TOKENIZER_MISSING`).
 */
export async function createO200kTokenCounter(
  load: () => Promise<O200kEncoding> = () => import("gpt-tokenizer/encoding/o200k_base"),
): Promise<TokenCounter> {
  let encoding: O200kEncoding;
  try {
    encoding = await load();
  } catch (cause) {
    throw new BootstrapError(
      "BOOTSTRAP_TOKENIZER_MISSING",
      "Counting o200k tokens needs the gpt-tokenizer package, which could not be loaded.",
      {
        path: "gpt-tokenizer",
        hint: "Install gpt-tokenizer, an optional peer dependency, or pass a tokenCounter.",
        cause,
      },
    );
  }
  const { countTokens } = encoding;
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
