import { join } from "node:path";

/**
 * A configured path with a leading `~` (the whole path, or `~/...`) taken as `homeDir`; any other
 * path, or any path without a home folder, as written. Relative paths stay relative: the caller
 * resolves them against the config file's folder.
 */
export function expandHomePath(path: string, homeDir: string | undefined): string {
  if (homeDir === undefined || (path !== "~" && !path.startsWith("~/"))) return path;
  return join(homeDir, path.slice(1));
}
