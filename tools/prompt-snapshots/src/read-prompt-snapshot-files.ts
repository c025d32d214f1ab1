import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { PROMPT_SNAPSHOT_DIRS } from "./build-prompt-snapshots.js";

/** Reads every file under the snapshot folders (sorted), keyed by path relative to `snapshotRoot`. */
export async function readPromptSnapshotFiles(snapshotRoot: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const dir of PROMPT_SNAPSHOT_DIRS) {
    for (const path of await listFiles(join(snapshotRoot, dir), dir)) {
      files.set(path, await readFile(join(snapshotRoot, path), "utf8"));
    }
  }
  return files;
}

async function listFiles(absolute: string, relative: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(absolute, { withFileTypes: true });
  } catch {
    return [];
  }
  const result: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const childRelative = `${relative}/${entry.name}`;
    if (entry.isDirectory())
      result.push(...(await listFiles(join(absolute, entry.name), childRelative)));
    else result.push(childRelative);
  }
  return result;
}
