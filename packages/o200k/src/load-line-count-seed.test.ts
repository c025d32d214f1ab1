import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadLineCountSeed } from "./load-line-count-seed.js";
import { formatLineCountSeed } from "./parse-line-count-seed.js";

/** Every handle the loads open, to check each one is closed afterwards (`fd` is -1 then). */
const handles: FileHandle[] = [];
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    open: async (...args: Parameters<typeof actual.open>) => {
      const handle = await actual.open(...args);
      handles.push(handle);
      return handle;
    },
  };
});

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

  it("closes the file it opened, whatever it finds", async () => {
    const seed = join(dir, "seed.json");
    await writeFile(seed, formatLineCountSeed(new Map([["A line.\n", 3]])));
    const notSeed = join(dir, "not-seed.json");
    await writeFile(notSeed, "not json");
    const folder = join(dir, "folder.json");
    await mkdir(folder);
    handles.length = 0;
    for (const file of [seed, notSeed, folder, join(dir, "at-limit.json")]) {
      await loadLineCountSeed(pathToFileURL(file));
    }
    expect(handles).toHaveLength(4);
    expect(handles.map((handle) => handle.fd)).toEqual([-1, -1, -1, -1]);
  });
});
