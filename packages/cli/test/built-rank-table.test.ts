import { readFile } from "node:fs/promises";
import o200kRanks from "gpt-tokenizer/bpeRanks/o200k_base";
import { describe, expect, it } from "vitest";
import { buildO200kRankTable } from "../../o200k/src/build-o200k-rank-table.js";
import { findBuiltCli } from "./find-built-cli.js";

const BUILT = findBuiltCli();

// The installed command counts over the table the build writes beside its bundle. Reads `dist/`
// or the launcher's build (find-built-cli.ts); one older than @promptstack/o200k's table builder
// fails here: rebuild.
describe.skipIf(BUILT === undefined)("the built package's o200k rank table", () => {
  it("is written beside dist/bundle, as buildO200kRankTable builds it from gpt-tokenizer", async () => {
    const file = await readFile(`${BUILT}o200k-rank-table.bin`);
    expect(Buffer.compare(file, buildO200kRankTable(o200kRanks))).toBe(0);
  });
});
