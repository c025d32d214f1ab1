import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { readPromptSnapshotFiles } from "./read-prompt-snapshot-files.js";

/** What a write changed. */
export interface PromptSnapshotWriteResult {
  readonly written: readonly string[];
  readonly removed: readonly string[];
}

/**
 * Writes the generated files under `snapshotRoot` (only those whose bytes changed) and removes
 * files in the snapshot folders that are no longer generated.
 */
export async function writePromptSnapshots(
  snapshotRoot: string,
  files: ReadonlyMap<string, string>,
): Promise<PromptSnapshotWriteResult> {
  const existing = await readPromptSnapshotFiles(snapshotRoot);
  const written: string[] = [];
  for (const [path, content] of files) {
    if (existing.get(path) === content) continue;
    await mkdir(dirname(join(snapshotRoot, path)), { recursive: true });
    await writeFile(join(snapshotRoot, path), content);
    written.push(path);
  }
  const removed = [...existing.keys()].filter((path) => !files.has(path));
  for (const path of removed) await rm(join(snapshotRoot, path));
  return { written, removed };
}
