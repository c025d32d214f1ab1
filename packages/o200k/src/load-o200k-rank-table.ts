import { readFile } from "node:fs/promises";
import { parseO200kRankTable } from "./parse-o200k-rank-table.js";
import type { O200kRankTable } from "./parse-o200k-rank-table.js";

/**
 * The rank table, one folder above this module: the package folder from `src/` and from the
 * bundled `dist/index.js` alike (the package's build and the repository's postinstall write it
 * there), and the CLI's `dist/` from its bundle in `dist/bundle/` (its build writes one there).
 */
export const O200K_RANK_TABLE_URL = new URL("../o200k-rank-table.bin", import.meta.url);

/**
 * Reads the o200k rank table the build generated (`scripts/bundle-bin.mjs`), or `undefined` when
 * there is none (running from source). A file that is there but not a rank table throws.
 */
export async function loadO200kRankTable(
  url: URL = O200K_RANK_TABLE_URL,
): Promise<O200kRankTable | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(url);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return parseO200kRankTable(bytes);
}
