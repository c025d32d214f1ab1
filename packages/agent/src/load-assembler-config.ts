import { dirname, isAbsolute, resolve } from "node:path";
import { loadConfigFile, parseConfig } from "@promptstack/config";
import type { ParsedConfig, PromptstackConfig } from "@promptstack/config";
import { AgentError } from "./agent-error.js";
import { readFileStamp } from "./read-file-stamp.js";

/** The assembler's view of its config: parsed, where relative paths start, and its version. */
export interface AssemblerConfig {
  readonly parsed: ParsedConfig;
  /** Base of relative config paths. */
  readonly dir: string;
  /** Absolute config file, when the config came from one. */
  readonly file?: string;
  /** The file's stamp when it was read; undefined forces a re-read. */
  readonly stamp: string | undefined;
  /** Bumped on every load, so caches keyed by it go stale. */
  readonly generation: number;
}

/**
 * Loads the assembler's config: a file path is read with `loadConfigFile` (its stamp taken
 * first), an object is validated with `parseConfig`, nothing gives the built-in defaults.
 */
export async function loadAssemblerConfig(
  source: PromptstackConfig | string | undefined,
  configDir: string | undefined,
  previousGeneration = 0,
): Promise<AssemblerConfig> {
  const generation = previousGeneration + 1;
  if (configDir !== undefined && !isAbsolute(configDir)) {
    throw new AgentError(
      "AGENT_INVALID_OPTIONS",
      `configDir must be an absolute path, got ${JSON.stringify(configDir)}.`,
      { path: "configDir", hint: "Resolve configDir against the working directory first." },
    );
  }
  if (typeof source === "string") {
    const file = resolve(source);
    const stamp = await readFileStamp(file);
    const parsed = await loadConfigFile(file);
    return { parsed, dir: configDir ?? dirname(file), file, stamp, generation };
  }
  if (source !== undefined && (typeof source !== "object" || source === null)) {
    throw new AgentError(
      "AGENT_INVALID_OPTIONS",
      `config must be a config object or a file path, got ${source === null ? "null" : typeof source}.`,
      { path: "config", hint: "Pass the path of a config.json5, or a config object." },
    );
  }
  return {
    parsed: parseConfig(source),
    dir: configDir ?? process.cwd(),
    stamp: undefined,
    generation,
  };
}
