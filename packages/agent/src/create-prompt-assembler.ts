import { isAbsolute } from "node:path";
import { loadO200kTokenCounter } from "@promptstack/o200k";
import type { TokenCounter } from "@promptstack/core";
import type { RunFacts, RunFactsInput } from "@promptstack/config";
import { AgentError } from "./agent-error.js";
import type { AgentTurnOptions, PromptAssembler, PromptAssemblerOptions } from "./agent-types.js";
import { createCompiledRenderer } from "./create-compiled-renderer.js";
import { createConfigCache } from "./create-config-cache.js";
import { createDisplayPaths } from "./create-display-paths.js";
import { createFolderCache } from "./create-folder-cache.js";
import { createInputsWatcher } from "./create-inputs-watcher.js";
import { createPrefixPin } from "./create-prefix-pin.js";
import { createSkillsCache } from "./create-skills-cache.js";
import { loadAssemblerConfig } from "./load-assembler-config.js";
import { loadAssemblerTurn } from "./load-assembler-turn.js";
import type { AssemblerTurnContext } from "./load-assembler-turn.js";
import { readProcessSkillEnvironment } from "./read-process-skill-environment.js";
import type { WorkspaceReadCache } from "./read-workspace-file-cached.js";

/**
 * Creates the long-lived assembler for one agent: config, workspace files and skills in, one
 * turn's prompt out. It only wires its caches — the read cache (bootstrap, heartbeat and sections
 * files by stat: device, inode, size, mtime), the folder cache, the skills cache (roots walked
 * again when a root's stat changed, on `refresh()` or after a watch event), the config cache (the
 * file read again when its stat changed, resolved once per session kind and prompt mode) and the
 * compiled renderer — and hands them to `loadAssemblerTurn`, which reads one turn through them.
 */
export async function createPromptAssembler(
  options: PromptAssemblerOptions = {},
): Promise<PromptAssembler> {
  requireAbsoluteOption(options.workspaceDir, "workspaceDir");
  requireAbsoluteOption(options.executionDir, "executionDir");
  const agentId = options.agentId ?? "main";
  const paths = createDisplayPaths(options.displayPaths ?? []);
  const config = createConfigCache(
    await loadAssemblerConfig(options.config, options.configDir),
    options,
    agentId,
  );
  const readCache: WorkspaceReadCache = new Map();
  const folders = createFolderCache();
  const skills = createSkillsCache({
    environment: options.skillEnvironment ?? readProcessSkillEnvironment(),
    paths,
    ...(options.homeDir === undefined ? {} : { homeDir: options.homeDir }),
  });
  const renderer = createCompiledRenderer();
  const prefixPin = createPrefixPin({
    ...(options.prefixPolicy === undefined ? {} : { policy: options.prefixPolicy }),
    ...(options.prefixTtlMs === undefined ? {} : { ttlMs: options.prefixTtlMs }),
    ...(options.maxChangeNoteChars === undefined
      ? {}
      : { maxNoteChars: options.maxChangeNoteChars }),
  });
  let counter: Promise<TokenCounter> | undefined;
  let closed = false;

  const forget = (): void => {
    skills.forceRescan();
    readCache.clear();
    folders.clear();
    config.forget();
  };
  const watcher = createInputsWatcher({ enabled: options.watch === true, onChange: forget });
  const context: AssemblerTurnContext = {
    options,
    agentId,
    paths,
    config,
    readCache,
    folders,
    skills,
    prefixPin,
    renderer,
    watcher,
    tokenCounter: () =>
      options.tokenCounter !== undefined
        ? Promise.resolve(options.tokenCounter)
        : (counter ??= loadO200kTokenCounter()),
    seedPending: options.seedWorkspace === true,
  };

  return {
    async turn(rawFacts: RunFacts | RunFactsInput, turnOptions: AgentTurnOptions = {}) {
      if (closed) {
        throw new AgentError("AGENT_CLOSED", "This prompt assembler was closed.", {
          hint: "Create a new assembler with createPromptAssembler.",
        });
      }
      return loadAssemblerTurn(context, rawFacts, turnOptions);
    },
    refresh() {
      forget();
      prefixPin.requestRefresh();
    },
    refreshPrefix() {
      prefixPin.requestRefresh();
    },
    async close() {
      closed = true;
      await watcher.close();
    },
  };
}

/** Throws `AGENT_INVALID_OPTIONS` unless a given folder option is an absolute path. */
function requireAbsoluteOption(value: string | undefined, key: string): void {
  if (value === undefined) return;
  if (typeof value !== "string" || value === "" || !isAbsolute(value)) {
    throw new AgentError(
      "AGENT_INVALID_OPTIONS",
      `${key} must be an absolute path, got ${JSON.stringify(String(value))}.`,
      { path: key, hint: `Resolve ${key} against the working directory before calling.` },
    );
  }
}
