import { join } from "node:path";
import type { Diagnostic } from "@promptstack/core";
import type { AgentTurn } from "./agent-types.js";
import type { DisplayPaths } from "./create-display-paths.js";
import type { FolderCache } from "./create-folder-cache.js";
import { readWorkspaceFileCached } from "./read-workspace-file-cached.js";
import type { WorkspaceReadCache, WorkspaceReadCounter } from "./read-workspace-file-cached.js";

/** The heartbeat file is not a bootstrap file: only the heartbeat message carries it. */
const HEARTBEAT_MAX_CHARS = 4000;

/** What `readHeartbeatFile` found: the file (when readable) and why it was skipped. */
export interface HeartbeatFileRead {
  readonly file?: AgentTurn["heartbeatFile"];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The configured heartbeat file (`heartbeat.file`, relative to the workspace), read bounded and
 * cached through the safe reader: contained in the workspace, so a path that leaves it is
 * skipped with the reader's diagnostic. A missing file is no diagnostic (it is optional).
 */
export async function readHeartbeatFile(
  workspaceDir: string,
  fileName: string,
  context: {
    readonly folders: FolderCache;
    readonly cache: WorkspaceReadCache;
    readonly counter: WorkspaceReadCounter;
    readonly paths: DisplayPaths;
  },
): Promise<HeartbeatFileRead> {
  const path = join(workspaceDir, fileName);
  const root = await context.folders.realPath(workspaceDir);
  if (root === null) return { diagnostics: [] };
  const result = await readWorkspaceFileCached(context.cache, context.counter, {
    filePath: path,
    rootRealPath: root,
    maxChars: HEARTBEAT_MAX_CHARS,
  });
  if (result.kind === "ok") {
    return {
      file: { path: context.paths.show(path), content: result.content },
      diagnostics: result.diagnostics.map(context.paths.showDiagnostic),
    };
  }
  if (result.kind === "skipped") {
    return { diagnostics: [context.paths.showDiagnostic(result.diagnostic)] };
  }
  return { diagnostics: [] };
}
