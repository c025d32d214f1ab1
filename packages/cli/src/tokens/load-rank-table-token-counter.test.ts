import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import o200kRanks from "gpt-tokenizer/bpeRanks/o200k_base";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildO200kRankTable } from "./build-o200k-rank-table.js";
import { O200K_RANK_TABLE_URL } from "./load-o200k-rank-table.js";
import { loadRankTableTokenCounter } from "./load-rank-table-token-counter.js";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptstack-rank-table-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("loadRankTableTokenCounter", () => {
  it("counts over the table file it reads", async () => {
    const file = join(dir, "o200k-rank-table.bin");
    await writeFile(file, buildO200kRankTable(o200kRanks));
    const counter = await loadRankTableTokenCounter(pathToFileURL(file));
    const text = "You are Wren, Mara's personal assistant. 日本語 🎉";
    expect(counter?.countTokens(text)).toBe(countTokens(text));
  });

  it("is undefined without a table (running from source), and throws on a broken one", async () => {
    expect(await loadRankTableTokenCounter(pathToFileURL(join(dir, "none.bin")))).toBeUndefined();
    const broken = join(dir, "broken.bin");
    await writeFile(broken, "not a table at all");
    await expect(loadRankTableTokenCounter(pathToFileURL(broken))).rejects.toThrow(
      /rank table is broken/,
    );
  });

  it("looks for the table beside dist/, where the build writes it", () => {
    expect(O200K_RANK_TABLE_URL.pathname).toMatch(/\/packages\/cli\/src\/o200k-rank-table\.bin$/);
  });
});
