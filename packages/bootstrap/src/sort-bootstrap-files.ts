import { BOOTSTRAP_FILE_NAMES } from "./bootstrap-file-names.js";
import type { BootstrapFileOrigin } from "./bootstrap-types.js";

const RANK: ReadonlyMap<string, number> = new Map(BOOTSTRAP_FILE_NAMES.map((name, i) => [name, i]));

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Sorts into injection order: configured-workspace files before execution-folder files; within
 * each, AGENTS, SOUL, IDENTITY, USER, BOOTSTRAP, MEMORY, then other names by code point, then
 * path. Pure; returns a new array.
 */
export function sortBootstrapFiles<
  T extends { readonly name: string; readonly path: string; readonly origin: BootstrapFileOrigin },
>(files: readonly T[]): T[] {
  return [...files].sort((a, b) => {
    if (a.origin !== b.origin) return a.origin === "workspace" ? -1 : 1;
    const rankA = RANK.get(a.name) ?? RANK.size;
    const rankB = RANK.get(b.name) ?? RANK.size;
    if (rankA !== rankB) return rankA - rankB;
    return compareText(a.name, b.name) || compareText(a.path, b.path);
  });
}
