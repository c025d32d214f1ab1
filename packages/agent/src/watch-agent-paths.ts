import { watch } from "node:fs";
import type { FSWatcher } from "node:fs";

/** Open watchers; `close()` releases them all. */
export interface AgentPathWatchers {
  close(): void;
}

/**
 * Watches each existing path with `fs.watch` (folders recursively) and calls `onChange` on any
 * event. Paths that do not exist or cannot be watched are skipped: the assembler's stat checks
 * still see their changes.
 */
export function watchAgentPaths(
  paths: readonly { readonly path: string; readonly recursive: boolean }[],
  onChange: () => void,
): AgentPathWatchers {
  const watchers: FSWatcher[] = [];
  for (const { path, recursive } of paths) {
    try {
      const watcher = watch(path, { recursive, persistent: false }, () => onChange());
      watcher.on("error", () => onChange());
      watchers.push(watcher);
    } catch {
      // Missing folder or no watch support: the per-turn stat checks remain.
    }
  }
  return {
    close() {
      for (const watcher of watchers.splice(0)) watcher.close();
    },
  };
}
