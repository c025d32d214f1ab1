import type { CodexThreadResumeParams } from "./codex-protocol-types.js";
import type { CodexTurnPlan } from "./resolve-codex-turn-plan.js";

/**
 * `thread/resume` params: the thread id plus the same policy fields as thread start. Dynamic
 * tools are fixed at thread start (the resume schema has no `dynamicTools`).
 */
export function buildCodexThreadResumeParams(
  plan: CodexTurnPlan,
  thread: { readonly threadId: string },
): CodexThreadResumeParams {
  return {
    threadId: thread.threadId,
    model: plan.model,
    cwd: plan.cwd,
    approvalPolicy: plan.approvalPolicy,
    sandbox: plan.sandbox,
    personality: "none",
    ...(plan.config === undefined ? {} : { config: plan.config }),
    developerInstructions: plan.threadDeveloperInstructions,
  };
}
