import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { discoverBootstrapNameVariants } from "./discover-bootstrap-name-variants.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "bootstrap-variants-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("discoverBootstrapNameVariants", () => {
  it("lists entries named like a bootstrap file up to case, sorted, and nothing else", async () => {
    for (const name of ["MEMORY.md", "memory.md", "notes.md", "Agents.MD", "memory.md.bak"]) {
      await writeFile(join(dir, name), "x");
    }
    await mkdir(join(dir, "soul.md"));
    expect(await discoverBootstrapNameVariants(dir)).toEqual([
      { canonical: "AGENTS.md", entry: "Agents.MD" },
      { canonical: "MEMORY.md", entry: "MEMORY.md" },
      { canonical: "MEMORY.md", entry: "memory.md" },
      { canonical: "SOUL.md", entry: "soul.md" },
    ]);
  });

  it("looks at no more than maxEntries entries", async () => {
    for (const name of ["a", "b", "c", "memory.md", "agents.md"]) {
      await writeFile(join(dir, name), "x");
    }
    expect((await discoverBootstrapNameVariants(dir, 1)).length).toBeLessThanOrEqual(1);
    expect(await discoverBootstrapNameVariants(dir, 5)).toHaveLength(2);
  });

  it("returns nothing for a folder that cannot be listed", async () => {
    expect(await discoverBootstrapNameVariants(join(dir, "missing"))).toEqual([]);
  });
});
