import { rename, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { createFolderCache } from "./create-folder-cache.js";

// A fixed folder mtime, set again after each rename: the folder's stamp does not move.
const MTIME = 1_700_000_000;

async function renameKeepingStamp(dir: string, from: string, to: string): Promise<void> {
  await rename(join(dir, from), join(dir, to));
  await utimes(dir, MTIME, MTIME);
}

describe("createFolderCache", () => {
  it("keeps a folder's name variants while its stamp is unchanged, until clear()", async () => {
    const dir = createTempDir("promptstack-folders-");
    await writeFile(join(dir, "memory.md"), "- a fact\n");
    await utimes(dir, MTIME, MTIME);
    const folders = createFolderCache();
    const before = [{ canonical: "MEMORY.md", entry: "memory.md" }];
    const after = [{ canonical: "MEMORY.md", entry: "Memory.md" }];
    expect(await folders.nameVariants(dir)).toEqual(before);

    await renameKeepingStamp(dir, "memory.md", "Memory.md");
    folders.beginTurn();
    expect(await folders.nameVariants(dir)).toEqual(before);
    folders.clear();
    expect(await folders.nameVariants(dir)).toEqual(after);

    // A moved mtime is seen on the next turn.
    await rename(join(dir, "Memory.md"), join(dir, "MEMORY.md"));
    await utimes(dir, MTIME + 1, MTIME + 1);
    expect(await folders.nameVariants(dir)).toEqual(after);
    folders.beginTurn();
    expect(await folders.nameVariants(dir)).toEqual([
      { canonical: "MEMORY.md", entry: "MEMORY.md" },
    ]);
  });
});
