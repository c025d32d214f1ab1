import type { TokenCounter } from "@promptstack/core";
import { createRankTableTokenCounter } from "./create-rank-table-token-counter.js";
import { loadLineCountSeed } from "./load-line-count-seed.js";
import { loadO200kRankTable } from "./load-o200k-rank-table.js";

/**
 * The o200k counter over the rank table the build generated, seeded with the build's counts of
 * the renderer's built-in prose when that file is there and sound, or `undefined` when there is
 * no table (running from source: the caller then uses gpt-tokenizer, with the same counts).
 */
export async function loadRankTableTokenCounter(
  url?: URL,
  seedUrl?: URL,
): Promise<TokenCounter | undefined> {
  const [table, seed] = await Promise.all([loadO200kRankTable(url), loadLineCountSeed(seedUrl)]);
  return table === undefined ? undefined : createRankTableTokenCounter(table, seed);
}
