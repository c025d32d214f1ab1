import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadLineCountSeed } from "./load-line-count-seed.js";
import { formatLineCountSeed } from "./parse-line-count-seed.js";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptstack-line-count-seed-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("loadLineCountSeed", () => {
  it("reads a seed of exactly 4 MiB, and none of one byte more", async () => {
    const seed = formatLineCountSeed(new Map([["A line.\n", 3]]));
    const limit = 4 * 1024 * 1024;
    const atLimit = join(dir, "at-limit.json");
    const overLimit = join(dir, "over-limit.json");
    // JSON allows trailing white space: the padding keeps the seed sound.
    await writeFile(atLimit, seed.padEnd(limit));
    await writeFile(overLimit, seed.padEnd(limit + 1));
    expect(await loadLineCountSeed(pathToFileURL(atLimit))).toEqual(new Map([["A line.\n", 3]]));
    expect(await loadLineCountSeed(pathToFileURL(overLimit))).toBeUndefined();
  });
});
