import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { parseLineCountSeed } from "./parse-line-count-seed.js";
import type { LineCountSeed } from "./parse-line-count-seed.js";

/**
 * Where a build puts the seed: beside the rank table, one folder above this module. Only the
 * CLI's build writes one (its `dist/`, one above its bundle); elsewhere it points at no file.
 */
export const LINE_COUNT_SEED_URL = new URL("../o200k-line-counts.json", import.meta.url);

/** The build's seed is about 100 KB; a bigger file is not one. */
const MAX_SEED_BYTES = 4 * 1024 * 1024;

/**
 * Reads the line count seed the build wrote (`scripts/bundle-bin.mjs`), or `undefined` when it is
 * missing, not a regular file, too big or not a seed: it only saves counting, so nothing about
 * it is an error.
 */
export async function loadLineCountSeed(
  url: URL = LINE_COUNT_SEED_URL,
): Promise<LineCountSeed | undefined> {
  let file;
  try {
    // O_NONBLOCK: a FIFO in the seed's place opens at once instead of waiting for a writer.
    file = await open(url, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = await file.stat();
    if (!stats.isFile() || stats.size > MAX_SEED_BYTES) return undefined;
    return parseLineCountSeed(await file.readFile("utf8"));
  } catch {
    return undefined;
  } finally {
    await file.close().catch(() => undefined);
  }
}
