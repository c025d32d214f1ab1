import type { CodexThreadStartParams } from "./codex-protocol-types.js";
import type { CodexTurnPlan } from "./resolve-codex-turn-plan.js";

/** `thread/start` params: policy, thread developer instructions and the dynamic tool specs. */
export function buildCodexThreadStartParams(plan: CodexTurnPlan): CodexThreadStartParams {
  return {
    model: plan.model,
    cwd: plan.cwd,
    approvalPolicy: plan.approvalPolicy,
    sandbox: plan.sandbox,
    personality: "none",
    ...(plan.serviceName === undefined ? {} : { serviceName: plan.serviceName }),
    ...(plan.config === undefined ? {} : { config: plan.config }),
    developerInstructions: plan.threadDeveloperInstructions,
    dynamicTools: plan.dynamicTools,
  };
}
