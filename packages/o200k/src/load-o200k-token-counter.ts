import type { TokenCounter } from "@promptstack/core";
import { createRankTableTokenCounter } from "./create-rank-table-token-counter.js";
import { loadLineCountSeed } from "./load-line-count-seed.js";
import { loadO200kRankTable, O200K_RANK_TABLE_URL } from "./load-o200k-rank-table.js";

/** Where `loadO200kTokenCounter` reads its files; both default to the package's own. */
export interface LoadO200kTokenCounterOptions {
  /** The rank table (`o200k-rank-table.bin`); default: the one this package ships. */
  readonly rankTableUrl?: URL;
  /** Counts of lines known in advance (`o200k-line-counts.json`); missing or unsound: none. */
  readonly seedUrl?: URL;
}

/**
 * The exact o200k_base token counter over the rank table the build generated (the counts of
 * gpt-tokenizer's `countTokens` with no special tokens), seeded with known line counts when the
 * seed file is there and sound. Throws when the table is missing (a package built without it)
 * or broken.
 */
export async function loadO200kTokenCounter(
  options: LoadO200kTokenCounterOptions = {},
): Promise<TokenCounter> {
  const url = options.rankTableUrl ?? O200K_RANK_TABLE_URL;
  const [table, seed] = await Promise.all([
    loadO200kRankTable(url),
    loadLineCountSeed(options.seedUrl),
  ]);
  if (table === undefined) {
    throw new Error(
      `The o200k rank table is missing (${url.href}); in a checkout run \`pnpm install\` (its postinstall writes it) or \`pnpm --filter @promptstack/o200k build\`, otherwise reinstall @promptstack/o200k.`,
    );
  }
  return createRankTableTokenCounter(table, seed);
}
