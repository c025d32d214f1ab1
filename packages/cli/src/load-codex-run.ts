import type { AgentSystemPromptInput } from "@promptstack/renderer";
import type { RunFacts } from "@promptstack/config";
import {
  SNAPSHOT_THREAD_ID,
  buildCodexTurn,
  resolveCodexModelInstructions,
  toCodexDynamicTools,
} from "@promptstack/harness-codex";
import type { CodexTurnKind, CodexWorkspaceFile } from "@promptstack/harness-codex";
import type { CliIo } from "./cli-io.js";
import type { ConnectionKind } from "./input-options.js";
import { loadCodexModelCatalog } from "./load-codex-model-catalog.js";
import type { RenderRun } from "./render-run.js";

/** What `loadCodexRun` needs beyond the embedded render. */
export interface CodexRunInputs {
  readonly facts: RunFacts;
  /** The configured renderer input of the embedded render (Codex-owned parts are dropped). */
  readonly rendererInput: AgentSystemPromptInput;
  readonly connection: ConnectionKind;
  /** Display path of the configured workspace. */
  readonly workspaceDir: string;
  readonly executionDir?: string;
  readonly bootstrapFiles: readonly CodexWorkspaceFile[];
  readonly skillsPrompt: string;
  /** The workspace's HEARTBEAT.md on heartbeat turns, when it could be read. */
  readonly heartbeatFile?: { readonly path: string; readonly content: string };
  /** `--catalog`, relative to `io.cwd`. */
  readonly catalog?: string;
  /** The synthetic catalog used when no real one is found. */
  readonly demoCatalogFile: string;
}

/** Stands in for the user's message: facts describe the run, not the message. */
export const CODEX_PLACEHOLDER_USER_MESSAGE = "(the user's message for this turn)";

/** Placeholder thread id: the CLI shows params, it does not talk to Codex. */
export const CODEX_PLACEHOLDER_THREAD_ID = SNAPSHOT_THREAD_ID;

function toCatalogLabel(source: string, origin: "flag" | "lookup" | "demo"): string {
  const file = source.split(/[\\/]/).pop() ?? "models.json";
  return origin === "demo" ? `demo ${file}, placeholder` : file;
}

function toTurnKind(facts: RunFacts): CodexTurnKind {
  if (facts.sessionKind === "heartbeat") return "heartbeat";
  if (facts.sessionKind === "cron") return "cron";
  return "normal";
}

/**
 * Adds the Codex app-server params and the reconstructed layer stack to an embedded render run.
 * The runtime policy is rendered without the inputs Codex owns or the adapter routes itself.
 */
export async function loadCodexRun(
  run: RenderRun,
  inputs: CodexRunInputs,
  io: CliIo,
): Promise<RenderRun> {
  const loaded = await loadCodexModelCatalog(
    {
      demoCatalogFile: inputs.demoCatalogFile,
      ...(inputs.catalog === undefined ? {} : { catalog: inputs.catalog }),
    },
    io,
  );
  const { catalog } = loaded;
  const model = resolveCodexModelInstructions(catalog, {
    slug: inputs.facts.model.id,
    personality: "none",
  });
  const toolNames = new Set(inputs.facts.tools.map((tool) => tool.name));
  const turn = buildCodexTurn({
    rendererInput: inputs.rendererInput,
    planInput: {
      connection: inputs.connection,
      turnKind: toTurnKind(inputs.facts),
      model: inputs.facts.model.id,
      workspaceDir: inputs.workspaceDir,
      ...(inputs.executionDir === undefined ? {} : { executionDir: inputs.executionDir }),
      workspaceFiles: inputs.bootstrapFiles,
      memoryToolsAvailable: toolNames.has("memory_search") && toolNames.has("memory_get"),
      ...(inputs.skillsPrompt === "" ? {} : { skillsPrompt: inputs.skillsPrompt }),
      ...(inputs.heartbeatFile === undefined ? {} : { heartbeatFile: inputs.heartbeatFile }),
      userMessage: CODEX_PLACEHOLDER_USER_MESSAGE,
      dynamicTools: toCodexDynamicTools(inputs.facts.tools),
    },
    threadId: CODEX_PLACEHOLDER_THREAD_ID,
    modelPrompt: {
      slug: model.slug,
      sourceLabel: toCatalogLabel(catalog.source, loaded.origin),
      instructions: model.instructions,
    },
  });
  return {
    ...run,
    diagnostics: [...run.diagnostics, ...loaded.diagnostics, ...turn.plan.diagnostics],
    codex: {
      threadStart: { ...turn.threadStart },
      threadResume: { ...turn.threadResume },
      turnStart: { ...turn.turnStart },
      layers: turn.layers,
    },
  };
}
