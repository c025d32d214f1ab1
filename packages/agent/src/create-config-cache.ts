import { resolveAgentSystemPromptConfig } from "@promptstack/config";
import type { PromptstackConfig, ResolvedAgentPromptConfig, RunFacts } from "@promptstack/config";
import type { PromptMode } from "@promptstack/renderer";
import { AgentError } from "./agent-error.js";
import type { PromptAssemblerOptions } from "./agent-types.js";
import { loadAssemblerConfig } from "./load-assembler-config.js";
import type { AssemblerConfig } from "./load-assembler-config.js";
import { readFileStamp } from "./read-file-stamp.js";

/** The assembler's config: the loaded file or object, and its resolution per session kind and mode. */
export interface ConfigCache {
  /** The config as last loaded. */
  readonly current: AssemblerConfig;
  /**
   * Starts a turn: re-reads the config file when its stat changed. True on the first turn and
   * when the config was read again.
   */
  readonly beginTurn: () => Promise<boolean>;
  /** The agent's config resolved for one session kind and prompt mode, and its cache key. */
  readonly resolveFor: (
    sessionKind: RunFacts["sessionKind"],
    promptMode: PromptMode,
  ) => { readonly key: string; readonly resolved: ResolvedAgentPromptConfig };
  /** Forgets the file's stamp, so the next turn reads it again (a watch event or `refresh()`). */
  readonly forget: () => void;
}

/**
 * Creates the config cache over the config loaded at start: the file is read again when its stat
 * changed, and each session kind and prompt mode is resolved once per load.
 */
export function createConfigCache(
  initial: AssemblerConfig,
  options: PromptAssemblerOptions,
  agentId: string,
): ConfigCache {
  let config = initial;
  assertKnownAgent(config.parsed.config, options.agentId);
  let configLoaded = true;
  let resolvedByKey = new Map<string, ResolvedAgentPromptConfig>();

  /** Re-reads the config file when its stat changed; true when it did. */
  async function reloadConfigWhenChanged(): Promise<boolean> {
    if (config.file === undefined) return false;
    if ((await readFileStamp(config.file)) === config.stamp) return false;
    config = await loadAssemblerConfig(options.config, options.configDir, config.generation);
    assertKnownAgent(config.parsed.config, options.agentId);
    resolvedByKey = new Map();
    return true;
  }

  return {
    get current() {
      return config;
    },
    beginTurn: async () => {
      if (configLoaded) {
        configLoaded = false;
        return true;
      }
      return reloadConfigWhenChanged();
    },
    resolveFor: (sessionKind, promptMode) => {
      const key = `${sessionKind}\0${promptMode}`;
      let resolved = resolvedByKey.get(key);
      if (resolved === undefined) {
        resolved = resolveAgentSystemPromptConfig(config.parsed.config, {
          agentId,
          sessionKind,
          promptMode,
          ...(options.promptSize === undefined ? {} : { promptSize: options.promptSize }),
        });
        resolvedByKey.set(key, resolved);
      }
      return { key, resolved };
    },
    forget: () => {
      config = { ...config, stamp: undefined };
    },
  };
}

/**
 * An explicitly named agent must exist when the config lists agents: a misspelt id would
 * otherwise fall back to the defaults silently, dropping the agent's own sections and owner.
 */
function assertKnownAgent(config: PromptstackConfig, agentId: string | undefined): void {
  const entries = config.agents?.entries;
  if (agentId === undefined || entries === undefined) return;
  const known = Object.keys(entries);
  if (known.length === 0 || Object.hasOwn(entries, agentId)) return;
  throw new AgentError(
    "AGENT_UNKNOWN_ID",
    `Unknown agent "${agentId}": the config lists ${known.map((id) => `"${id}"`).join(", ")}.`,
    {
      path: "agentId",
      hint: `Pass one of the listed ids, or add agents.entries.${agentId} to the config.`,
    },
  );
}
