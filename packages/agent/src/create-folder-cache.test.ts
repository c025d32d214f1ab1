import { mkdir, rename, rm, symlink, utimes, writeFile } from "node:fs/promises";
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

  it("stats a folder once per turn", async () => {
    const dir = createTempDir("promptstack-folders-");
    const folders = createFolderCache();
    const first = await folders.stamp(dir);
    await writeFile(join(dir, "MEMORY.md"), "- a fact\n");
    await utimes(dir, MTIME, MTIME);
    expect(await folders.stamp(dir)).toBe(first);
    folders.beginTurn();
    expect(await folders.stamp(dir)).not.toBe(first);
  });

  it("keeps a folder's real path while its device and inode stay the same, until clear()", async () => {
    const root = createTempDir("promptstack-folders-");
    await mkdir(join(root, "first"));
    await symlink(join(root, "first"), join(root, "link"));
    const folders = createFolderCache();
    expect(await folders.realPath(join(root, "link"))).toBe(join(root, "first"));
    // The same folder (same inode) under another name, the link moved to it.
    await rename(join(root, "first"), join(root, "second"));
    await rm(join(root, "link"));
    await symlink(join(root, "second"), join(root, "link"));
    // Its time changes too: only the device and inode name the folder.
    await utimes(join(root, "second"), MTIME + 5, MTIME + 5);
    folders.beginTurn();
    expect(await folders.realPath(join(root, "link"))).toBe(join(root, "first"));
    folders.clear();
    expect(await folders.realPath(join(root, "link"))).toBe(join(root, "second"));
    expect(await folders.realPath(join(root, "gone"))).toBeNull();
    // Another folder behind the link: resolved again on the next turn.
    await mkdir(join(root, "third"));
    await rm(join(root, "link"));
    await symlink(join(root, "third"), join(root, "link"));
    folders.beginTurn();
    expect(await folders.realPath(join(root, "link"))).toBe(join(root, "third"));
  });
});
