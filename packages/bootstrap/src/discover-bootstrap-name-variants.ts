import { opendir } from "node:fs/promises";
import { BOOTSTRAP_FILE_NAMES, LEGACY_TOOLS_FILE_NAME } from "./bootstrap-file-names.js";

/**
 * Most directory entries looked at in one folder. A workspace with more entries is checked only
 * in part: the listing stays bounded in time and memory whatever the folder holds.
 */
export const BOOTSTRAP_LISTING_MAX_ENTRIES = 4096;

const FOLDED_NAMES: ReadonlyMap<string, string> = new Map(
  [...BOOTSTRAP_FILE_NAMES, LEGACY_TOOLS_FILE_NAME].map((name) => [name.toLowerCase(), name]),
);

/**
 * One entry of a folder whose name equals a bootstrap file name (or the legacy `TOOLS.md`) when
 * case is ignored.
 */
export interface BootstrapNameVariant {
  /** The bootstrap file name it matches, e.g. `MEMORY.md` (or `TOOLS.md`, no longer loaded). */
  readonly canonical: string;
  /** The entry's name on disk, e.g. `memory.md` (equal to `canonical` for the file itself). */
  readonly entry: string;
}

/**
 * Lists the entries of `dir` whose names equal a bootstrap file name, or the legacy `TOOLS.md`,
 * when case is ignored (`memory.md`, `Agents.MD`, `TOOLS.md`, and the exact names themselves),
 * sorted by entry name. Reads the
 * directory listing only (never a file), at most `maxEntries` entries (default
 * `BOOTSTRAP_LISTING_MAX_ENTRIES`);
 * returns `[]` when the folder cannot be listed.
 */
export async function discoverBootstrapNameVariants(
  dir: string,
  maxEntries: number = BOOTSTRAP_LISTING_MAX_ENTRIES,
): Promise<readonly BootstrapNameVariant[]> {
  const found: BootstrapNameVariant[] = [];
  let handle: Awaited<ReturnType<typeof opendir>> | undefined;
  try {
    handle = await opendir(dir);
    let seen = 0;
    for await (const entry of handle) {
      seen += 1;
      const canonical = FOLDED_NAMES.get(entry.name.toLowerCase());
      if (canonical !== undefined) found.push({ canonical, entry: entry.name });
      if (seen >= maxEntries) break;
    }
  } catch {
    return [];
  } finally {
    // `for await` closes the handle when the loop ends or breaks; a failed open leaves nothing.
    await handle?.close().catch(() => undefined);
  }
  return found.sort((a, b) => (a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : 0));
}
