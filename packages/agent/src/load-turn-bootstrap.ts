import { loadBootstrapFiles } from "@promptstack/bootstrap";
import type { BootstrapHooks, LoadedBootstrapFiles } from "@promptstack/bootstrap";
import type { ProductProfile, TokenCounter } from "@promptstack/core";
import type { ResolvedAgentPromptConfig, RunFacts } from "@promptstack/config";
import type { DisplayPaths } from "./create-display-paths.js";
import type { FolderCache } from "./create-folder-cache.js";
import { readWorkspaceFileCached } from "./read-workspace-file-cached.js";
import type { WorkspaceReadCache, WorkspaceReadCounter } from "./read-workspace-file-cached.js";

/** What one turn's workspace files are loaded from: the folders, budgets and the caches. */
export interface TurnBootstrapRequest {
  readonly workspaceDir: string;
  readonly executionDir?: string;
  readonly facts: RunFacts;
  readonly profile: ProductProfile;
  readonly budgets: ResolvedAgentPromptConfig["budgets"];
  readonly hooks?: BootstrapHooks;
  /** Loaded only when a token budget is set. */
  readonly tokenCounter: () => Promise<TokenCounter>;
  readonly folders: FolderCache;
  readonly cache: WorkspaceReadCache;
  readonly reads: WorkspaceReadCounter;
  readonly paths: DisplayPaths;
}

/**
 * Loads one turn's workspace files through the assembler's caches (each file read again only
 * when its stat changed), and keeps the raw text of every file read whole, which the session
 * prefix compares to name what changed.
 */
export async function loadTurnBootstrap(
  request: TurnBootstrapRequest,
): Promise<{ bootstrap: LoadedBootstrapFiles; rawByPath: Map<string, string> }> {
  const { budgets, executionDir, facts, folders, profile } = request;
  const tokensOn =
    budgets.bootstrapMaxTokens !== undefined || budgets.bootstrapTotalMaxTokens !== undefined;
  const rawByPath = new Map<string, string>();
  const bootstrap = await loadBootstrapFiles({
    workspaceDir: request.workspaceDir,
    ...(executionDir === undefined ? {} : { executionDir }),
    sessionKind: facts.sessionKind,
    chatType: facts.channel.chatType,
    ...(request.hooks === undefined ? {} : { hooks: request.hooks }),
    ...(profile.requiredWorkspaceFiles === undefined
      ? {}
      : { requiredFileNames: profile.requiredWorkspaceFiles }),
    budgets: {
      maxChars: budgets.bootstrapMaxChars,
      totalMaxChars: budgets.bootstrapTotalMaxChars,
      ...(budgets.bootstrapMaxTokens === undefined
        ? {}
        : { maxTokens: budgets.bootstrapMaxTokens }),
      ...(budgets.bootstrapTotalMaxTokens === undefined
        ? {}
        : { totalMaxTokens: budgets.bootstrapTotalMaxTokens }),
    },
    ...(tokensOn ? { tokenCounter: await request.tokenCounter() } : {}),
    realpath: folders.realPath,
    discoverNameVariants: folders.nameVariants,
    showPath: request.paths.show,
    readFile: async (readOptions) => {
      const result = await readWorkspaceFileCached(request.cache, request.reads, readOptions);
      // A window (head and tail of a large file) is not the raw file: no raw text then.
      if (result.kind === "ok" && result.window === undefined) {
        rawByPath.set(readOptions.filePath, result.content);
      }
      return result;
    },
  });
  return { bootstrap, rawByPath };
}
