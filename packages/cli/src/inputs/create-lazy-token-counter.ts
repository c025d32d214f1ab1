import type { TokenCounter } from "@promptstack/core";

/**
 * Makes the o200k counter; the CLI's default reads the rank table the build generated and falls
 * back to bootstrap's `createO200kTokenCounter` (gpt-tokenizer) when there is none (from source).
 */
export type TokenCounterFactory = () => Promise<TokenCounter>;

/** The token counter of one CLI run: nothing is loaded until an output needs counts. */
export interface LazyTokenCounter {
  /** Loads the counter on the first call (the o200k rank table is 3.5 MB) and reuses it after. */
  load(): Promise<TokenCounter>;
}

async function createDefaultTokenCounter(): Promise<TokenCounter> {
  // Imported here, not at the top: a run that shows no counts never loads the tokenizer.
  const { loadRankTableTokenCounter } = await import("../tokens/load-rank-table-token-counter.js");
  const counter = await loadRankTableTokenCounter();
  if (counter !== undefined) return counter;
  const { createO200kTokenCounter } = await import("@promptstack/bootstrap");
  return createO200kTokenCounter();
}

/**
 * Creates the counter a CLI run holds (one per run, no module state). Only outputs that show
 * token counts (`--json`, a terminal render, `context`, `explain-cache`, `cache-report`,
 * `inspect`) call `load()`; a piped plain `render` never does.
 */
export function createLazyTokenCounter(
  create: TokenCounterFactory = createDefaultTokenCounter,
): LazyTokenCounter {
  let loading: Promise<TokenCounter> | undefined;
  return {
    load: () => {
      loading ??= create();
      return loading;
    },
  };
}
