import { dirname, resolve } from "node:path";
import { loadConfigFile } from "@promptstack/config";

/**
 * The sections files (`sections.file`) the config names for `agentId`, its defaults' and its
 * entry's, as absolute paths (relative to the config's folder, as the agent reads them). A config
 * that does not load names none: the render reports why, and the config file stays watched.
 */
export async function readConfigSectionsFiles(
  configFile: string,
  agentId: string,
): Promise<string[]> {
  let files: unknown[];
  try {
    const { config } = await loadConfigFile(configFile);
    const agents = config.agents;
    const entry =
      agents?.entries !== undefined && Object.hasOwn(agents.entries, agentId)
        ? agents.entries[agentId]
        : undefined;
    files = [agents?.defaults?.sections?.file, entry?.sections?.file];
  } catch {
    return [];
  }
  return files
    .filter((file): file is string => typeof file === "string")
    .map((file) => resolve(dirname(configFile), file));
}
