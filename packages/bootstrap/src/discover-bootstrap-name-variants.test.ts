import type * as FsPromises from "node:fs/promises";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { discoverBootstrapNameVariants } from "./discover-bootstrap-name-variants.js";

/** What `opendir` answers instead of listing the real folder, when a test sets it. */
const listing = vi.hoisted(() => ({ current: undefined as unknown }));

vi.mock("node:fs/promises", async (importOriginal) => {
  const original = await importOriginal<typeof FsPromises>();
  return {
    ...original,
    opendir: (...args: Parameters<typeof original.opendir>) =>
      listing.current === undefined ? original.opendir(...args) : Promise.resolve(listing.current),
  };
});

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "bootstrap-variants-"));
});

afterEach(async () => {
  listing.current = undefined;
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

  it("stops after exactly maxEntries entries when every entry is a variant", async () => {
    const all = [
      { canonical: "MEMORY.md", entry: "MEMORY.md" },
      { canonical: "MEMORY.md", entry: "Memory.md" },
      { canonical: "MEMORY.md", entry: "memory.md" },
    ];
    for (const { entry } of all) await writeFile(join(dir, entry), "x");
    // Which entries come first is the file system's order; how many is the limit.
    const atLimit = await discoverBootstrapNameVariants(dir, 2);
    expect(atLimit).toHaveLength(2);
    expect(all).toEqual(expect.arrayContaining([...atLimit]));
    expect(await discoverBootstrapNameVariants(dir, 3)).toEqual(all);
  });

  it("returns nothing, not the entries read so far, when the listing fails part way", async () => {
    listing.current = {
      async *[Symbol.asyncIterator]() {
        yield { name: "memory.md" };
        throw Object.assign(new Error("EIO: i/o error, readdir"), { code: "EIO" });
      },
      close: () => Promise.resolve(),
    };
    expect(await discoverBootstrapNameVariants(dir)).toEqual([]);
  });

  it("returns nothing for a folder that cannot be listed", async () => {
    expect(await discoverBootstrapNameVariants(join(dir, "missing"))).toEqual([]);
  });
});
