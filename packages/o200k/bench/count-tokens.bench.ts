import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DEMO_WORKSPACE } from "@promptstack-tools/test-utils";
import { bench, describe } from "vitest";
import { createGptTokenizerTokenCounter } from "../test/create-gpt-tokenizer-token-counter.js";
import { createRankTableTokenCounter } from "../src/create-rank-table-token-counter.js";
import { loadO200kRankTable } from "../src/load-o200k-rank-table.js";

// The demo workspace's text files (its bootstrap files and skills): what a turn with token
// budgets counts. Each iteration counts them all once.
const texts = readdirSync(DEMO_WORKSPACE, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(md|json5?)$/.test(entry.name))
  .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"));
const table = await loadO200kRankTable();
if (table === undefined) throw new Error("No rank table: run `pnpm install` first.");
const oracle = createGptTokenizerTokenCounter();
const warm = createRankTableTokenCounter(table);
const countAll = (counter: { countTokens(text: string): number }): number =>
  texts.reduce((sum, text) => sum + counter.countTokens(text), 0);
if (countAll(warm) !== countAll(oracle)) throw new Error("The counters disagree.");

describe(`o200k: count the demo's ${texts.length} text files`, () => {
  bench("gpt-tokenizer, chunked (the libraries' counter before @promptstack/o200k)", () => {
    countAll(oracle);
  });
  bench("@promptstack/o200k, a fresh counter (empty memo) each time", () => {
    countAll(createRankTableTokenCounter(table));
  });
  bench("@promptstack/o200k, one counter (lines remembered)", () => {
    countAll(warm);
  });
});
