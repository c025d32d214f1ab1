import { watch } from "chokidar";

/** A running watch over the inspect inputs. */
export interface InspectInputsWatcher {
  close(): Promise<void>;
}

/** Options of `watchInspectInputs`. */
export interface WatchInspectInputsOptions {
  /** Quiet time after the last change before `onChange` runs; an editor's save is many events. */
  readonly debounceMs?: number;
}

const IGNORED = /(^|[\\/])(node_modules|\.git)([\\/]|$)/;

/**
 * Watches `paths` (files and folders, recursively) and calls `onChange` once a burst of changes
 * settles. Resolves when the initial scan is done, so a change made after that is seen.
 *
 * chokidar 4 rather than `fs.watch`: on Node 20, recursive `fs.watch` on Linux is a young
 * JavaScript emulation, a watched file replaced by an editor's atomic save (write a temp file,
 * rename over) stops being watched, and a path that does not exist yet cannot be watched at all;
 * chokidar handles all three. The 4.x line runs on every Node 20 (5 needs Node 20.19, 6 Node 22).
 */
export async function watchInspectInputs(
  paths: readonly string[],
  onChange: (changed: readonly string[]) => void,
  options: WatchInspectInputsOptions = {},
): Promise<InspectInputsWatcher> {
  const debounceMs = options.debounceMs ?? 80;
  const watcher = watch([...paths], {
    ignoreInitial: true,
    ignored: (path: string) => IGNORED.test(path),
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let changed: string[] = [];
  watcher.on("all", (_event, path) => {
    changed.push(path);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      const batch = [...new Set(changed)].sort();
      changed = [];
      onChange(batch);
    }, debounceMs);
  });
  // A watch error (a folder that became unreadable) must not end the server; the next change
  // re-renders and the render reports the problem.
  watcher.on("error", () => undefined);
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return {
    close: async () => {
      if (timer !== undefined) clearTimeout(timer);
      await watcher.close();
    },
  };
}
