import { resolve } from "node:path";
import { parseSectionsFile } from "@promptstack/config";
import type { SectionsFile } from "@promptstack/config";
import { AgentError } from "./agent-error.js";
import type { DisplayPaths } from "./create-display-paths.js";
import type { FolderCache } from "./create-folder-cache.js";
import { readWorkspaceFileCached } from "./read-workspace-file-cached.js";
import type { WorkspaceReadCache, WorkspaceReadCounter } from "./read-workspace-file-cached.js";

/** Most characters of a sections file (`sections.file`); a larger file is refused, not cut. */
export const SECTIONS_FILE_MAX_CHARS = 100_000;

/** Where a sections file is read from and through which caches. */
export interface ReadSectionsFileContext {
  /** The config file's folder: the file is relative to it and contained in it. */
  readonly configDir: string;
  readonly folders: FolderCache;
  readonly cache: WorkspaceReadCache;
  readonly counter: WorkspaceReadCounter;
  readonly paths: DisplayPaths;
}

/**
 * Reads and parses the agent's sections file: relative to the config's folder and contained in
 * it, bounded, re-read only when its stat changes. Throws `AGENT_SECTIONS_FILE_UNREADABLE` when
 * it is missing, unreadable or over `SECTIONS_FILE_MAX_CHARS`.
 */
export async function readSectionsFile(
  file: string,
  configPath: string,
  context: ReadSectionsFileContext,
): Promise<SectionsFile> {
  const filePath = resolve(context.configDir, file);
  const unreadable = (why: string, hint: string): never => {
    throw new AgentError(
      "AGENT_SECTIONS_FILE_UNREADABLE",
      `The sections file ${file} (${configPath}) ${why}`,
      { path: configPath, hint },
    );
  };
  const root = await context.folders.realPath(context.configDir);
  if (root === null) return unreadable("has no folder.", "Check the config's folder exists.");
  const result = await readWorkspaceFileCached(context.cache, context.counter, {
    filePath,
    rootRealPath: root,
    maxChars: SECTIONS_FILE_MAX_CHARS,
  });
  if (result.kind === "missing") {
    return unreadable(
      `does not exist (looked at ${context.paths.show(filePath)}).`,
      `Create it, or fix ${configPath}; the path is relative to the config file's folder.`,
    );
  }
  if (result.kind === "skipped") {
    return unreadable(
      `was not read: ${result.reason}.`,
      "Keep the sections file a UTF-8 text file inside the config file's folder.",
    );
  }
  // The read window is sized in bytes (three per character) and reads a file of up to about
  // six times the limit whole, so the bound is checked on the text itself.
  if (result.window !== undefined || result.content.length > SECTIONS_FILE_MAX_CHARS) {
    return unreadable(
      `is larger than ${SECTIONS_FILE_MAX_CHARS} characters.`,
      "Shorten it: section texts belong in the prompt, whole documents in the workspace.",
    );
  }
  return parseSectionsFile(result.content, file);
}
