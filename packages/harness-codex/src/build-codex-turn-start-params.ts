import type { CodexSandboxPolicy, CodexTurnStartParams } from "./codex-protocol-types.js";
import type { CodexTurnPlan } from "./resolve-codex-turn-plan.js";

/** `turn/start` params: the turn input, per-turn policy and the collaboration mode. */
export function buildCodexTurnStartParams(
  plan: CodexTurnPlan,
  thread: { readonly threadId: string },
): CodexTurnStartParams {
  return {
    threadId: thread.threadId,
    input: [{ type: "text", text: plan.turnInputText, text_elements: [] }],
    cwd: plan.cwd,
    approvalPolicy: plan.approvalPolicy,
    sandboxPolicy: toCodexSandboxPolicy(plan),
    model: plan.model,
    ...(plan.effort === undefined ? {} : { effort: plan.effort }),
    collaborationMode: {
      mode: "default",
      settings: {
        model: plan.model,
        reasoning_effort: plan.effort ?? null,
        developer_instructions: plan.collaborationDeveloperInstructions,
      },
    },
  };
}

function toCodexSandboxPolicy(plan: CodexTurnPlan): CodexSandboxPolicy {
  switch (plan.sandbox) {
    case "danger-full-access":
      return { type: "dangerFullAccess" };
    case "read-only":
      return { type: "readOnly", networkAccess: false };
    case "workspace-write":
      return { type: "workspaceWrite", writableRoots: [plan.cwd], networkAccess: false };
  }
}
