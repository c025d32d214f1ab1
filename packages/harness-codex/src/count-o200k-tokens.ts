import { createRequire } from "node:module";
import { splitTextForTokenCounting } from "@promptstack/bootstrap";

type O200kEncoding = typeof import("gpt-tokenizer/encoding/o200k_base");

const NO_SPECIAL_TOKENS = { disallowedSpecial: new Set<string>() };

// The encoding's tables cost ~40 MB and >100 ms to load: only callers that count tokens (the
// snapshots, the CLI) pay for them, on the first call, not every importer of the adapter.
let encoding: O200kEncoding | undefined;

/** Token count with the o200k_base encoding; special-token text counts as plain text. */
export function countO200kTokens(text: string): number {
  encoding ??= createRequire(import.meta.url)("gpt-tokenizer/encoding/o200k_base") as O200kEncoding;
  const { countTokens } = encoding;
  // Chunked so no input is quadratic (see splitTextForTokenCounting).
  return splitTextForTokenCounting(text).reduce(
    (sum, chunk) => sum + countTokens(chunk, NO_SPECIAL_TOKENS),
    0,
  );
}
