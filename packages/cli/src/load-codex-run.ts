import { fileURLToPath } from "node:url";
import type { PromptMode } from "@promptstack/renderer";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { PromptstackConfig, RunFacts } from "@promptstack/config";
import { buildConfiguredAgentSystemPrompt } from "@promptstack/config";
import {
  buildCodexPromptLayers,
  buildCodexThreadResumeParams,
  buildCodexThreadStartParams,
  buildCodexTurnStartParams,
  readCodexModelCatalog,
  resolveCodexModelInstructions,
  SNAPSHOT_THREAD_ID,
  resolveCodexTurnPlan,
  toCodexDynamicTools,
  toCodexRendererInput,
} from "@promptstack/harness-codex";
import type { CodexTurnKind, CodexWorkspaceFile } from "@promptstack/harness-codex";
import type { ConnectionKind } from "./input-options.js";
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
}

/** Stands in for the user's message: facts describe the run, not the message. */
export const CODEX_PLACEHOLDER_USER_MESSAGE = "(the user's message for this turn)";

/** Placeholder thread id: the CLI shows params, it does not talk to Codex. */
export const CODEX_PLACEHOLDER_THREAD_ID = SNAPSHOT_THREAD_ID;

function toTurnKind(facts: RunFacts): CodexTurnKind {
  if (facts.sessionKind === "heartbeat") return "heartbeat";
  if (facts.sessionKind === "cron") return "cron";
  return "normal";
}

/**
 * Adds the Codex app-server params and the reconstructed layer stack to an embedded render run.
 * The runtime policy is rendered without the inputs Codex owns or the adapter routes itself.
 */
export async function loadCodexRun(run: RenderRun, inputs: CodexRunInputs): Promise<RenderRun> {
  const configured = buildConfiguredAgentSystemPrompt({
    config: inputs.config,
    agentId: inputs.agentId,
    facts: inputs.facts,
    promptMode: inputs.promptMode,
    overrides: { workspaceDir: inputs.workspaceDir },
  });
  const runtimePolicy = buildAgentSystemPrompt(toCodexRendererInput(configured.input));
  const catalogPath = fileURLToPath(
    new URL("../../../fixtures/codex-model-catalog/models.json", import.meta.url),
  );
  const catalog = await readCodexModelCatalog(catalogPath);
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
    diagnostics: [...run.diagnostics, ...plan.diagnostics],
    codex: {
      threadStart: { ...buildCodexThreadStartParams(plan) },
      threadResume: { ...buildCodexThreadResumeParams(plan, thread) },
      turnStart: { ...buildCodexTurnStartParams(plan, thread) },
      layers: buildCodexPromptLayers(plan, {
        source: `codex model prompt ${model.slug} (${catalog.source.split(/[\\/]/).pop() ?? "models.json"})`,
        instructions: model.instructions,
      }),
    },
  };
}
