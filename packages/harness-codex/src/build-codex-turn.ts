import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { AgentSystemPromptInput, RenderedPrompt } from "@promptstack/renderer";
import { buildCodexPromptLayers } from "./build-codex-prompt-layers.js";
import type { CodexPromptLayer } from "./build-codex-prompt-layers.js";
import { buildCodexThreadResumeParams } from "./build-codex-thread-resume-params.js";
import { buildCodexThreadStartParams } from "./build-codex-thread-start-params.js";
import { buildCodexTurnStartParams } from "./build-codex-turn-start-params.js";
import type {
  CodexThreadResumeParams,
  CodexThreadStartParams,
  CodexTurnStartParams,
} from "./codex-protocol-types.js";
import { resolveCodexTurnPlan } from "./resolve-codex-turn-plan.js";
import type { CodexTurnPlan, CodexTurnPlanInput } from "./resolve-codex-turn-plan.js";
import { toCodexRendererInput } from "./to-codex-renderer-input.js";

/** The selected model prompt: the first layer of the reconstructed stack. */
export interface CodexTurnModelPrompt {
  readonly slug: string;
  /** Where the instructions came from, e.g. `gpt-5.5.model-prompt.json`. */
  readonly sourceLabel: string;
  readonly instructions: string;
}

/** Everything `buildCodexTurn` needs; pure data, the caller did all I/O. */
export interface CodexTurnInput {
  /** The turn plan input without the runtime policy, which is rendered here. */
  readonly planInput: Omit<CodexTurnPlanInput, "runtimePolicy">;
  /** The configured embedded-harness renderer input; Codex-owned parts are removed here. */
  readonly rendererInput: AgentSystemPromptInput;
  /** Default `buildAgentSystemPrompt`; injectable so tests can prove a prompt change shows. */
  readonly render?: (input: AgentSystemPromptInput) => RenderedPrompt;
  readonly threadId: string;
  readonly modelPrompt: CodexTurnModelPrompt;
  /**
   * The folder the reconstructed layers show in place of `cwd` (a display path, e.g. relative to
   * the repository). The params always carry the absolute `cwd`. Default: `cwd`.
   */
  readonly displayCwd?: string;
}

/** One Codex turn: its plan, the app-server params and the reconstructed layer stack. */
export interface CodexTurn {
  readonly plan: CodexTurnPlan;
  readonly threadStart: CodexThreadStartParams;
  readonly threadResume: CodexThreadResumeParams;
  readonly turnStart: CodexTurnStartParams;
  readonly layers: readonly CodexPromptLayer[];
}

/**
 * Builds one Codex turn end to end: renders the runtime policy, routes the layers, and returns
 * the thread start/resume and turn start params with the model-bound layer stack. The CLI and
 * the prompt snapshots both call this, so their output cannot drift apart. Pure.
 */
export function buildCodexTurn(input: CodexTurnInput): CodexTurn {
  const render = input.render ?? buildAgentSystemPrompt;
  const runtimePolicy = render(toCodexRendererInput(input.rendererInput));
  const plan = resolveCodexTurnPlan({ ...input.planInput, runtimePolicy });
  const thread = { threadId: input.threadId };
  return {
    plan,
    threadStart: buildCodexThreadStartParams(plan),
    threadResume: buildCodexThreadResumeParams(plan, thread),
    turnStart: buildCodexTurnStartParams(plan, thread),
    layers: buildCodexPromptLayers(
      input.displayCwd === undefined ? plan : { ...plan, cwd: input.displayCwd },
      {
        source: `codex model prompt ${input.modelPrompt.slug} (${input.modelPrompt.sourceLabel})`,
        instructions: input.modelPrompt.instructions,
      },
    ),
  };
}
