import type { TokenCounter } from "@promptstack/bootstrap";
import { createRankTableTokenCounter } from "./create-rank-table-token-counter.js";
import { loadO200kRankTable } from "./load-o200k-rank-table.js";

/**
 * The o200k counter over the rank table the build generated, or `undefined` when there is no
 * table (running from source: the caller then uses gpt-tokenizer, with the same counts).
 */
export async function loadRankTableTokenCounter(url?: URL): Promise<TokenCounter | undefined> {
  const table = await loadO200kRankTable(url);
  return table === undefined ? undefined : createRankTableTokenCounter(table);
}
