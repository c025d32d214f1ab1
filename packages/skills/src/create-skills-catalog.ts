import { discoverSkills } from "./discover-skills.js";
import type {
  DiscoverSkillsOptions,
  DiscoverSkillsResult,
  SkillFileCache,
  SkillFileCacheEntry,
} from "./discover-skills.js";
import type { SkillRoot } from "./types.js";

/** A reusable view of a set of skill roots that re-reads only changed SKILL.md files. */
export interface SkillsCatalog {
  /** Discovers skills again; files whose path, mtime and size are unchanged are not re-read. */
  scan(): Promise<DiscoverSkillsResult>;
}

/** Options of `createSkillsCatalog`: those of `discoverSkills` without the cache, which it owns. */
export type SkillsCatalogOptions = Omit<DiscoverSkillsOptions, "cache">;

/** Creates a catalog over `roots` with a cache keyed by path + mtimeMs + size. */
export function createSkillsCatalog(
  roots: readonly SkillRoot[],
  options: SkillsCatalogOptions = {},
): SkillsCatalog {
  const frozenRoots = [...roots];
  let previous = new Map<string, SkillFileCacheEntry>();
  let pending: Promise<DiscoverSkillsResult> | undefined;

  const runScan = async (): Promise<DiscoverSkillsResult> => {
    const next = new Map<string, SkillFileCacheEntry>();
    const cache: SkillFileCache = {
      lookup(filePath, mtimeMs, size) {
        const entry = previous.get(filePath);
        if (entry === undefined || entry.mtimeMs !== mtimeMs || entry.size !== size)
          return undefined;
        next.set(filePath, entry);
        return entry;
      },
      store(filePath, entry) {
        next.set(filePath, entry);
      },
    };
    const result = await discoverSkills(frozenRoots, { ...options, cache });
    // Only files seen in this scan stay cached, so deleted skills do not pile up.
    previous = next;
    return result;
  };

  return {
    scan() {
      // Concurrent scans share one walk instead of racing on the cache.
      pending ??= runScan().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
}
