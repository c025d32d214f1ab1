import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import o200kRanks from "gpt-tokenizer/bpeRanks/o200k_base";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildO200kRankTable } from "./build-o200k-rank-table.js";
import { LINE_COUNT_SEED_URL } from "./load-line-count-seed.js";
import { O200K_RANK_TABLE_URL } from "./load-o200k-rank-table.js";
import { loadO200kTokenCounter } from "./load-o200k-token-counter.js";
import { formatLineCountSeed } from "./parse-line-count-seed.js";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptstack-rank-table-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("loadO200kTokenCounter", () => {
  it("counts over the table file it reads", async () => {
    const file = join(dir, "o200k-rank-table.bin");
    await writeFile(file, buildO200kRankTable(o200kRanks));
    const counter = await loadO200kTokenCounter({ rankTableUrl: pathToFileURL(file) });
    const text = "You are Wren, Mara's personal assistant. 日本語 🎉";
    expect(counter.countTokens(text)).toBe(countTokens(text));
    expect(counter).toMatchObject({ name: "o200k_base", estimate: false });
  });

  it("throws without a table (saying how to make one), and on a broken one", async () => {
    await expect(
      loadO200kTokenCounter({ rankTableUrl: pathToFileURL(join(dir, "none.bin")) }),
    ).rejects.toThrow(/rank table is missing \(file:.*none\.bin\); .*pnpm install/);
    // A table that cannot be read is not a missing one: the read's own error.
    await expect(loadO200kTokenCounter({ rankTableUrl: pathToFileURL(dir) })).rejects.toThrow(
      expect.objectContaining({ code: "EISDIR" }),
    );
    const broken = join(dir, "broken.bin");
    await writeFile(broken, "not a table at all");
    await expect(loadO200kTokenCounter({ rankTableUrl: pathToFileURL(broken) })).rejects.toThrow(
      /rank table is broken/,
    );
  });

  it("takes counts from the seed file beside it, and counts every line without a sound one", async () => {
    const file = join(dir, "o200k-rank-table.bin");
    await writeFile(file, buildO200kRankTable(o200kRanks));
    const line = "A line of built-in prose.\n";
    const text = `${line}And a line of the run's own.`;
    const expected = countTokens(text);
    // A planted count shows that the counter reads the seed.
    const planted = join(dir, "planted.json");
    await writeFile(planted, formatLineCountSeed(new Map([[line, 100]])));
    const seeded = await loadO200kTokenCounter({
      rankTableUrl: pathToFileURL(file),
      seedUrl: pathToFileURL(planted),
    });
    expect(seeded.countTokens(text)).toBe(expected - countTokens(line) + 100);

    const fifo = join(dir, "fifo.json");
    spawnSync("mkfifo", [fifo]);
    const broken = join(dir, "broken.json");
    await writeFile(broken, '{"version":1,"counts":[["A line of built-in prose.\\n", -');
    const folder = join(dir, "folder.json");
    await mkdir(folder);
    const big = join(dir, "big.json");
    await writeFile(big, formatLineCountSeed(new Map([[line, 100]])).padEnd(5 * 1024 * 1024));
    for (const seedFile of [join(dir, "none.json"), broken, folder, big, fifo]) {
      const counter = await loadO200kTokenCounter({
        rankTableUrl: pathToFileURL(file),
        seedUrl: pathToFileURL(seedFile),
      });
      expect(counter.countTokens(text), seedFile).toBe(expected);
    }
  });

  it("looks for the table and the seed in the package folder, one above src/ and dist/ alike", () => {
    expect(O200K_RANK_TABLE_URL.pathname).toMatch(/\/packages\/o200k\/o200k-rank-table\.bin$/);
    expect(LINE_COUNT_SEED_URL.pathname).toMatch(/\/packages\/o200k\/o200k-line-counts\.json$/);
  });
});
