import { join } from "node:path";
import type { AgentTurn } from "./agent-types.js";
import type { DisplayPaths } from "./create-display-paths.js";
import type { FolderCache } from "./create-folder-cache.js";
import { readWorkspaceFileCached } from "./read-workspace-file-cached.js";
import type { WorkspaceReadCache, WorkspaceReadCounter } from "./read-workspace-file-cached.js";

/** The heartbeat file is not a bootstrap file; Codex heartbeat turns point to it. */
const HEARTBEAT_MAX_CHARS = 4000;

/** The workspace's HEARTBEAT.md (bounded, cached), or undefined when it cannot be read. */
export async function readHeartbeatFile(
  workspaceDir: string,
  context: {
    readonly folders: FolderCache;
    readonly cache: WorkspaceReadCache;
    readonly counter: WorkspaceReadCounter;
    readonly paths: DisplayPaths;
  },
): Promise<AgentTurn["heartbeatFile"]> {
  const path = join(workspaceDir, "HEARTBEAT.md");
  const root = await context.folders.realPath(workspaceDir);
  if (root === null) return undefined;
  const result = await readWorkspaceFileCached(context.cache, context.counter, {
    filePath: path,
    rootRealPath: root,
    maxChars: HEARTBEAT_MAX_CHARS,
  });
  return result.kind === "ok"
    ? { path: context.paths.show(path), content: result.content }
    : undefined;
}
