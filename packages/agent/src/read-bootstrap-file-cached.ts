import { readBootstrapFile } from "@promptstack/bootstrap";
import type { ReadBootstrapFileOptions, ReadBootstrapFileResult } from "@promptstack/bootstrap";
import { readFileStamp } from "./read-file-stamp.js";

/** What the cached reader remembers of one file. */
export interface CachedBootstrapRead {
  readonly stamp: string;
  readonly result: ReadBootstrapFileResult;
}

/** The cache a `PromptAssembler` holds: one entry per (path, root, char bound). */
export type BootstrapReadCache = Map<string, CachedBootstrapRead>;

/** Counts the reads that reached the file system. */
export interface BootstrapReadCounter {
  reads: number;
}

/**
 * Reads a bootstrap file through `readBootstrapFile` only when its stamp (device, inode, size,
 * mtime) changed since the cached read; otherwise returns the cached result. The stamp is taken
 * before reading, so a write during the read shows as a change on the next turn.
 */
export async function readBootstrapFileCached(
  cache: BootstrapReadCache,
  counter: BootstrapReadCounter,
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
