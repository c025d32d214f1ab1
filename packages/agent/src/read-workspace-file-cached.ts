import { readBootstrapFile } from "@promptstack/bootstrap";
import type { ReadBootstrapFileOptions, ReadBootstrapFileResult } from "@promptstack/bootstrap";
import { readFileStamp } from "./read-file-stamp.js";

/** What the cached reader remembers of one file. */
export interface CachedWorkspaceRead {
  readonly stamp: string;
  readonly result: ReadBootstrapFileResult;
}

/**
 * The read cache a `PromptAssembler` holds for every workspace-side file it reads (bootstrap
 * files, the heartbeat file, the sections file): one entry per (path, root, char bound).
 */
export type WorkspaceReadCache = Map<string, CachedWorkspaceRead>;

/** Counts the reads that reached the file system. */
export interface WorkspaceReadCounter {
  reads: number;
}

/**
 * Reads a file through the safe bounded reader only when its stamp (device, inode, size, mtime)
 * changed since the cached read; otherwise returns the cached result. The stamp is taken before
 * reading, so a write during the read shows as a change on the next turn.
 */
export async function readWorkspaceFileCached(
  cache: WorkspaceReadCache,
  counter: WorkspaceReadCounter,
  options: ReadBootstrapFileOptions,
  read: (options: ReadBootstrapFileOptions) => Promise<ReadBootstrapFileResult> = readBootstrapFile,
): Promise<ReadBootstrapFileResult> {
  const key = `${options.filePath}\0${options.rootRealPath}\0${options.maxChars}`;
  const stamp = await readFileStamp(options.filePath);
  const cached = cache.get(key);
  if (cached !== undefined && cached.stamp === stamp) return cached.result;
  counter.reads += 1;
  const result = await read(options);
  cache.set(key, { stamp, result });
  return result;
}
