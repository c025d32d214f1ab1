import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { AgentSystemPromptInput, Diagnostic, RenderedPrompt } from "@promptstack/renderer";
import { buildCodexThreadResumeParams } from "./build-codex-thread-resume-params.js";
import { buildCodexThreadStartParams } from "./build-codex-thread-start-params.js";
import { buildCodexTurnStartParams } from "./build-codex-turn-start-params.js";
import type {
  CodexThreadResumeParams,
  CodexThreadStartParams,
  CodexTurnStartParams,
} from "./codex-protocol-types.js";
import { formatStableJson } from "./format-stable-json.js";
import { resolveCodexTurnPlan } from "./resolve-codex-turn-plan.js";
import type { CodexTurnPlan, CodexTurnPlanInput } from "./resolve-codex-turn-plan.js";
import { toCodexRendererInput } from "./to-codex-renderer-input.js";

/** One turn of a thread, before the user's text: what the assembler produced for it. */
export interface CodexThreadTurn {
  /** The plan input without the rendered policy and the user's text (added per turn). */
  readonly planInput: Omit<CodexTurnPlanInput, "runtimePolicy" | "userMessage">;
  /** The configured embedded-harness renderer input of this turn (its facts included). */
  readonly rendererInput: AgentSystemPromptInput;
}

/** Options of `createCodexThreadSession`. */
export interface CodexThreadSessionOptions {
  /** The turn that starts the thread; its thread-level parts are the thread's constants. */
  readonly turn: CodexThreadTurn;
  /** Default `buildAgentSystemPrompt`; injectable for tests. */
  readonly render?: (input: AgentSystemPromptInput) => RenderedPrompt;
}

/** The `turn/start` params of one turn, with the plan they came from. */
export interface CodexThreadTurnStart {
  readonly params: CodexTurnStartParams;
  readonly plan: CodexTurnPlan;
  readonly diagnostics: readonly Diagnostic[];
}

/** A Codex thread: constant thread-level params, per-turn `turn/start` params. */
export interface CodexThreadSession {
  /** `thread/start` params; the same object on every call. */
  threadStart(): CodexThreadStartParams;
  /** `thread/resume` params for a thread started (or restored after a restart) with this input. */
  threadResume(threadId: string): CodexThreadResumeParams;
  /** `turn/start` params for one turn: its facts go into the turn input, ahead of `userText`. */
  turnStart(threadId: string, turn: CodexThreadTurn, userText: string): CodexThreadTurnStart;
}

/**
 * Starts a Codex thread session. Thread-level params (`thread/start`, `thread/resume`) come from
 * the stable part of the runtime policy and the thread's constants only, so they are fixed for
 * the thread's life; a session rebuilt after a restart from the same constants yields the same
 * params byte for byte. Every per-turn fact (time, channel, sender, runtime, levels) goes into
 * the `turn/start` input as runtime context. When a later turn's thread-level params differ
 * (the configuration changed), its `turn/start` still uses the session's thread and a warning
 * `CODEX_THREAD_PARAMS_CHANGED` says to start a new thread. Pure: no I/O, no clock.
 */
export function createCodexThreadSession(options: CodexThreadSessionOptions): CodexThreadSession {
  const render = options.render ?? buildAgentSystemPrompt;
  const planFor = (turn: CodexThreadTurn, userText: string): CodexTurnPlan =>
    resolveCodexTurnPlan({
      ...turn.planInput,
      runtimePolicy: render(toCodexRendererInput(turn.rendererInput)),
      userMessage: userText,
    });
  const first = planFor(options.turn, "");
  const threadStart = buildCodexThreadStartParams(first);
  const threadKey = formatStableJson(threadStart);
  return {
    threadStart: () => threadStart,
    threadResume: (threadId) => buildCodexThreadResumeParams(first, { threadId }),
    turnStart: (threadId, turn, userText) => {
      const plan = planFor(turn, userText);
      const diagnostics: Diagnostic[] = [...plan.diagnostics];
      if (formatStableJson(buildCodexThreadStartParams(plan)) !== threadKey) {
        diagnostics.push({
          code: "CODEX_THREAD_PARAMS_CHANGED",
          severity: "warning",
          message:
            "this turn's thread-level params (stable policy, tools, model, folders) differ from the thread's; the turn still runs on the old thread",
          hint: "Start a new thread to apply the changed configuration.",
        });
      }
      return { params: buildCodexTurnStartParams(plan, { threadId }), plan, diagnostics };
    },
  };
}
