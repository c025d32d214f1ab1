import { opendir, realpath } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Most folders one watcher watches at once (each is one watch); past it the walk stops, noted. */
export const WATCH_MAX_FOLDERS = 2_000;
/**
 * Deepest folder watched below a watched root. The deepest input a render reads is a SKILL.md in
 * `.agents/skills/` six folders down (the skills discovery's `maxDepth`): 2 + 6 = 8.
 */
export const WATCH_MAX_DEPTH = 8;
/** A folder with more entries than this is watched but not walked (as the skills discovery). */
const MAX_ENTRIES_PER_FOLDER = 10_000;
/** Never watched below a root: what the readers never read. The root itself may sit in one. */
const SKIPPED_NAMES = new Set(["node_modules", ".git"]);

/** What to watch: folders (one non-recursive watch each) and, per folder, the only names that count. */
export interface WatchTargets {
  /** Folder → `undefined` (any entry counts) or the names that count in it. */
  readonly folders: ReadonlyMap<string, ReadonlySet<string> | undefined>;
  /** The walk stopped at `WATCH_MAX_FOLDERS` (or the caller's `maxFolders`). */
  readonly limited: boolean;
}

/** Inputs of `discoverWatchTargets`. */
export interface WatchInputs {
  /** Folders the render reads below (workspace, execution folder, skill roots). */
  readonly folders: readonly string[];
  /** Single files (config, facts, skill environment, sections file). */
  readonly files: readonly string[];
}

async function realFolder(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch {
    return undefined;
  }
}

/**
 * Lists the folders to watch with the readers' containment rules: each input folder is walked
 * breadth-first without following a symbolic link (a link to a tree elsewhere is one entry, not
 * a tree), skipping `node_modules` and `.git` below it, at most `WATCH_MAX_DEPTH` deep
 * and `WATCH_MAX_FOLDERS` in all; each folder is listed once, so the walk is linear in
 * the folders it visits. A named file is watched through its folder, filtered to its name (an
 * editor's atomic save replaces the file; a file not created yet appears). The input folders
 * themselves are resolved (a workspace may be reached through a link, as the readers allow).
 */
export async function discoverWatchTargets(
  inputs: WatchInputs,
  maxFolders = WATCH_MAX_FOLDERS,
): Promise<WatchTargets> {
  const folders = new Map<string, Set<string> | undefined>();
  let limited = false;
  const add = (folder: string, name: string | undefined): boolean => {
    if (folders.has(folder)) {
      const names = folders.get(folder);
      if (names !== undefined && name !== undefined) names.add(name);
      else folders.set(folder, undefined);
      return true;
    }
    if (folders.size >= maxFolders) {
      limited = true;
      return false;
    }
    folders.set(folder, name === undefined ? undefined : new Set([name]));
    return true;
  };

  const queue: { readonly dir: string; readonly depth: number }[] = [];
  for (const input of inputs.folders) {
    const real = await realFolder(input);
    if (real !== undefined) queue.push({ dir: real, depth: 0 });
  }
  for (let index = 0; index < queue.length && !limited; index++) {
    const { dir, depth } = queue[index]!;
    if (folders.has(dir) && folders.get(dir) === undefined) continue;
    if (!add(dir, undefined)) break;
    if (depth >= WATCH_MAX_DEPTH) continue;
    const children: string[] = [];
    let entries = 0;
    try {
      for await (const entry of await opendir(dir)) {
        entries += 1;
        if (entries > MAX_ENTRIES_PER_FOLDER) break;
        // `isDirectory()` of a listing entry is false for a symbolic link: links are never walked.
        if (entry.isDirectory() && !SKIPPED_NAMES.has(entry.name)) {
          children.push(join(dir, entry.name));
        }
      }
    } catch {
      // Unreadable or gone: the render reports it; the folder itself stays watched.
      continue;
    }
    if (entries > MAX_ENTRIES_PER_FOLDER) continue;
    for (const child of children.sort()) queue.push({ dir: child, depth: depth + 1 });
  }
  for (const file of inputs.files) {
    const folder = await realFolder(dirname(file));
    if (folder !== undefined) add(folder, basename(file));
  }
  return { folders, limited };
}
