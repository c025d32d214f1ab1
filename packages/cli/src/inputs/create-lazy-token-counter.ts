import type { TokenCounter } from "@promptstack/bootstrap";

/** Makes the o200k counter; the CLI's default is bootstrap's `createO200kTokenCounter`. */
export type TokenCounterFactory = () => Promise<TokenCounter>;

/** The token counter of one CLI run: nothing is loaded until an output needs counts. */
export interface LazyTokenCounter {
  /** Loads the counter on the first call (the o200k tables cost tens of MB) and reuses it after. */
  load(): Promise<TokenCounter>;
}

async function createDefaultTokenCounter(): Promise<TokenCounter> {
  // Imported here, not at the top: a run that shows no counts never loads the tokenizer.
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
