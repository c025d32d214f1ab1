import { resolve } from "node:path";
import { watchContainedInputs } from "@promptstack/safe-read";
import type { ContainedInputsWatcher, WatchInputs } from "@promptstack/safe-read";
import type { AssemblerConfig } from "./load-assembler-config.js";

/** The assembler's watch on the inputs its last turn read. */
export interface InputsWatcher {
  /** Watches `inputs` instead of the previous set; a no-op when unchanged or watching is off. */
  readonly watch: (inputs: WatchInputs) => Promise<void>;
  /** Stops watching. */
  readonly close: () => Promise<void>;
}

/**
 * Creates the inputs watcher: when `enabled`, each change of a watched input calls `onChange`.
 * The readers' containment rules (@promptstack/safe-read) apply: no link followed out of a root,
 * bounded folders and depth, one walk per change, the inputs a turn read and nothing else.
 */
export function createInputsWatcher(options: {
  readonly enabled: boolean;
  readonly onChange: () => void;
}): InputsWatcher {
  let watchers: ContainedInputsWatcher | undefined;
  let watchedKey = "";
  return {
    watch: async (inputs) => {
      if (!options.enabled) return;
      const key = JSON.stringify(inputs);
      if (key === watchedKey) return;
      await watchers?.close();
      watchedKey = key;
      watchers = await watchContainedInputs(async () => inputs, options.onChange, {
        debounceMs: 0,
        persistent: false,
      });
    },
    close: async () => {
      await watchers?.close();
      watchers = undefined;
    },
  };
}

/** The inputs a turn read, for the watcher: its folders and skill roots, the config and sections files. */
export function listWatchInputs(
  workspaceDir: string,
  executionDir: string | undefined,
  roots: readonly { readonly dir: string }[],
  config: AssemblerConfig,
  sectionsFile: string | undefined,
): WatchInputs {
  return {
    folders: [workspaceDir, ...(executionDir === undefined ? [] : [executionDir])].concat(
      roots.map((root) => root.dir),
    ),
    files: [
      ...(config.file === undefined ? [] : [config.file]),
      ...(sectionsFile === undefined ? [] : [resolve(config.dir, sectionsFile)]),
    ],
  };
}
