import { watch } from "node:fs";
import type { FSWatcher } from "node:fs";
import { discoverWatchTargets } from "./discover-watch-targets.js";
import type { WatchInputs, WatchTargets } from "./discover-watch-targets.js";

/** A running watch over the inputs a render reads. */
export interface ContainedInputsWatcher {
  /** Folders watched now (one watch each). */
  folders(): readonly string[];
  /** The last walk stopped at the folder cap. */
  limited(): boolean;
  close(): Promise<void>;
}

/** Options of `watchContainedInputs`. */
export interface WatchContainedInputsOptions {
  /** Quiet time after the last change before `onChange` runs; an editor's save is many events. */
  readonly debounceMs?: number;
  /** Beats `WATCH_MAX_FOLDERS` (tests). */
  readonly maxFolders?: number;
  /** Keep the process alive while watching (a server); default true. */
  readonly persistent?: boolean;
}

/**
 * Watches what `inputs()` names (see `discoverWatchTargets`: no link followed, bounded folders
 * and depth) with one non-recursive `fs.watch` per folder, and calls `onChange` once a burst of
 * changes settles. After each burst the inputs are listed and walked again (a config edit can
 * name another sections file; a new skill folder needs a watch), so the watches follow what the
 * render reads. Resolves once every watch is in place.
 *
 * Plain `fs.watch` on folders rather than a recursive watch library: a recursive watch walks
 * and watches whatever a link points to and every folder however deep, which is exactly what
 * the readers refuse to read.
 */
export async function watchContainedInputs(
  inputs: () => Promise<WatchInputs>,
  onChange: (changed: readonly string[]) => void,
  options: WatchContainedInputsOptions = {},
): Promise<ContainedInputsWatcher> {
  const debounceMs = options.debounceMs ?? 80;
  const watchers = new Map<string, FSWatcher>();
  let targets: WatchTargets = { folders: new Map(), limited: false };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let changed: string[] = [];
  let closed = false;

  const onEvent = (folder: string, name: string | null): void => {
    const names = targets.folders.get(folder);
    if (names !== undefined && (name === null || !names.has(name))) return;
    changed.push(name === null ? folder : `${folder}/${name}`);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void settle(), debounceMs);
  };

  const update = async (): Promise<void> => {
    targets = await discoverWatchTargets(await inputs(), options.maxFolders);
    if (closed) return;
    for (const [folder, watcher] of watchers) {
      if (!targets.folders.has(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    }
    for (const folder of targets.folders.keys()) {
      if (watchers.has(folder)) continue;
      try {
        const watcher = watch(folder, { persistent: options.persistent ?? true }, (_event, name) =>
          onEvent(folder, typeof name === "string" ? name : null),
        );
        // A folder that went away or became unreadable must not end the server; the next
        // change re-renders and the render reports the problem.
        watcher.on("error", () => {
          watcher.close();
          watchers.delete(folder);
        });
        watchers.set(folder, watcher);
      } catch {
        // Out of watches or gone: the folder is left unwatched.
      }
    }
  };

  const settle = async (): Promise<void> => {
    timer = undefined;
    const batch = [...new Set(changed)].sort();
    changed = [];
    await update();
    if (!closed) onChange(batch);
  };

  await update();
  return {
    folders: () => [...watchers.keys()].sort(),
    limited: () => targets.limited,
    close: async () => {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
