import type { PromptMode } from "@promptstack/renderer";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { PromptstackConfig, RunFacts } from "@promptstack/config";
import { buildConfiguredAgentSystemPrompt } from "@promptstack/config";
import {
  buildCodexPromptLayers,
  buildCodexThreadResumeParams,
  buildCodexThreadStartParams,
  buildCodexTurnStartParams,
  resolveCodexModelInstructions,
  SNAPSHOT_THREAD_ID,
  resolveCodexTurnPlan,
  toCodexDynamicTools,
  toCodexRendererInput,
} from "@promptstack/harness-codex";
import type { CodexTurnKind, CodexWorkspaceFile } from "@promptstack/harness-codex";
import type { CliIo } from "./cli-io.js";
import type { ConnectionKind } from "./input-options.js";
import { loadCodexModelCatalog } from "./load-codex-model-catalog.js";
import type { RenderRun } from "./render-run.js";

/** What `loadCodexRun` needs beyond the embedded render. */
export interface CodexRunInputs {
  readonly facts: RunFacts;
  readonly config: PromptstackConfig;
  readonly agentId: string;
  readonly promptMode: PromptMode;
  readonly connection: ConnectionKind;
  /** Display path of the configured workspace. */
  readonly workspaceDir: string;
  readonly executionDir?: string;
  readonly bootstrapFiles: readonly CodexWorkspaceFile[];
  readonly skillsPrompt: string;
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
  const configured = buildConfiguredAgentSystemPrompt({
    config: inputs.config,
    agentId: inputs.agentId,
    facts: inputs.facts,
    promptMode: inputs.promptMode,
    overrides: { workspaceDir: inputs.workspaceDir },
  });
  const runtimePolicy = buildAgentSystemPrompt(toCodexRendererInput(configured.input));
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
  const plan = resolveCodexTurnPlan({
    connection: inputs.connection,
    turnKind: toTurnKind(inputs.facts),
    model: inputs.facts.model.id,
    workspaceDir: inputs.workspaceDir,
    ...(inputs.executionDir === undefined ? {} : { executionDir: inputs.executionDir }),
    runtimePolicy,
    workspaceFiles: inputs.bootstrapFiles,
    memoryToolsAvailable: toolNames.has("memory_search") && toolNames.has("memory_get"),
    ...(inputs.skillsPrompt === "" ? {} : { skillsPrompt: inputs.skillsPrompt }),
    userMessage: CODEX_PLACEHOLDER_USER_MESSAGE,
    dynamicTools: toCodexDynamicTools(inputs.facts.tools),
  });
  const thread = { threadId: CODEX_PLACEHOLDER_THREAD_ID };
  return {
    ...run,
    diagnostics: [...run.diagnostics, ...loaded.diagnostics, ...plan.diagnostics],
    codex: {
      threadStart: { ...buildCodexThreadStartParams(plan) },
      threadResume: { ...buildCodexThreadResumeParams(plan, thread) },
      turnStart: { ...buildCodexTurnStartParams(plan, thread) },
      layers: buildCodexPromptLayers(plan, {
        source: `codex model prompt ${model.slug} (${toCatalogLabel(catalog.source, loaded.origin)})`,
        instructions: model.instructions,
      }),
    },
  };
}
