import { dirname, resolve } from "node:path";
import {
  expandHomePath,
  loadConfigFile,
  resolveAgentSystemPromptConfig,
} from "@promptstack/config";
import type { CliIo } from "../cli-io.js";
import type { InputOptions } from "./input-options.js";
import { resolveHomeDir } from "./resolve-home-dir.js";

/**
 * The input options with `workspace` taken from the config when `--workspace` is left out: the
 * agent's own `workspace`, else `agents.defaults.workspace`, relative to the config file and with
 * `~` for the home folder, exactly as the assembler resolves it for a live run. Unchanged when
 * `--workspace` is given, when there is no `--config`, when the config sets no workspace (the demo
 * workspace then), or when the config cannot be read (the assembler reports why).
 */
export async function withConfiguredWorkspace<Options extends InputOptions>(
  options: Options,
  io: CliIo,
): Promise<Options> {
  if (options.workspace !== undefined || options.config === undefined) return options;
  const file = resolve(io.cwd, options.config);
  let configured: string | undefined;
  try {
    const { config } = await loadConfigFile(file);
    configured = resolveAgentSystemPromptConfig(config, {
      agentId: options.agent ?? "main",
      sessionKind: "main",
    }).workspace;
  } catch {
    return options;
  }
  if (configured === undefined || configured === "") return options;
  const expanded = expandHomePath(configured, resolveHomeDir(io));
  return { ...options, workspace: resolve(dirname(file), expanded) };
}
