import type { TokenCounter } from "@promptstack/core";

/**
 * Makes the o200k counter; the CLI's default is `@promptstack/o200k`'s, over the rank table the
 * build wrote beside the bundle (with the build's line count seed), or the package's own table
 * when the CLI runs from its sources or its unbundled library entry.
 */
export type TokenCounterFactory = () => Promise<TokenCounter>;

/** The token counter of one CLI run: nothing is loaded until an output needs counts. */
export interface LazyTokenCounter {
  /** Loads the counter on the first call (the o200k rank table is 3.5 MB) and reuses it after. */
  load(): Promise<TokenCounter>;
}

async function createDefaultTokenCounter(): Promise<TokenCounter> {
  // Imported here, not at the top: a run that shows no counts never loads the tokenizer.
  const { loadO200kTokenCounter } = await import("@promptstack/o200k");
  return loadO200kTokenCounter();
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
