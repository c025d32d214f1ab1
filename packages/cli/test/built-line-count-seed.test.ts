import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { parseLineCountSeed } from "../../o200k/src/parse-line-count-seed.js";
import type { LineCountSeed } from "../../o200k/src/parse-line-count-seed.js";
import { findBuiltCli } from "./find-built-cli.js";

const DEMO = fileURLToPath(new URL("../../../fixtures/workspaces/demo", import.meta.url));
const BUILT = findBuiltCli();

/** The seeded lines whose count is not gpt-tokenizer's (the oracle, not the CLI's counter). */
function findWrongCounts(seed: LineCountSeed): string[] {
  return [...seed].filter(([line, count]) => countTokens(line) !== count).map(([line]) => line);
}

async function readBuiltSeed(): Promise<LineCountSeed> {
  const seed = parseLineCountSeed(await readFile(`${BUILT}o200k-line-counts.json`, "utf8"));
  expect(seed).toBeDefined();
  return seed as LineCountSeed;
}

// The installed command starts its token counter from the counts the build wrote of the
// renderer's built-in prose (scripts/bundle-bin.mjs, src/tokens/load-built-in-prose.ts).
// Reads `dist/` or the launcher's build (find-built-cli.ts); one older than the renderer's prose
// fails here: rebuild.
describe.skipIf(BUILT === undefined)("the built package's line count seed", () => {
  it("holds gpt-tokenizer's count of every line, and the check finds a planted wrong one", async () => {
    const seed = await readBuiltSeed();
    expect(seed.size).toBeGreaterThan(100);
    expect(findWrongCounts(seed)).toEqual([]);
    const [line, count] = [...seed][Math.floor(seed.size / 2)] as [string, number];
    const planted = new Map(seed).set(line, count + 1);
    expect(findWrongCounts(planted)).toEqual([line]);
  });

  it("holds no line of the demo's workspace files or skills (the benchmark's own text)", async () => {
    const seed = await readBuiltSeed();
    const entries = await readdir(DEMO, { recursive: true, withFileTypes: true });
    const demoLines = new Set<string>();
    for (const entry of entries.filter((file) => file.isFile() && file.name.endsWith(".md"))) {
      const text = await readFile(join(entry.parentPath, entry.name), "utf8");
      for (const line of text.split("\n")) demoLines.add(line.trim());
    }
    expect(demoLines.size).toBeGreaterThan(50);
    // Short lines ("---", "## Notes") can be both; a sentence cannot be by chance.
    const shared = [...seed.keys()]
      .map((line) => line.trim())
      .filter((line) => line.length >= 24 && demoLines.has(line));
    expect(shared).toEqual([]);
  });
});
