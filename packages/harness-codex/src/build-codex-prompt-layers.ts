import type { CodexTurnPlan } from "./resolve-codex-turn-plan.js";

/** One reconstructed model-bound layer, in the order the model reads them. */
export interface CodexPromptLayer {
  readonly role: "system" | "developer" | "user";
  readonly source: string;
  readonly text: string;
}

/**
 * Reconstructs the model-bound layer stack of a turn: model instructions, permissions text,
 * parent-local request instructions, thread developer instructions, collaboration-mode
 * instructions, turn input. Codex may add runtime-owned context (its AGENTS.md discovery,
 * environment context) that is not reconstructed here.
 */
export function buildCodexPromptLayers(
  plan: CodexTurnPlan,
  model: { readonly source: string; readonly instructions: string },
): CodexPromptLayer[] {
  const layers: CodexPromptLayer[] = [
    { role: "system", source: model.source, text: model.instructions },
    {
      role: "developer",
      source: "codex-permissions (reconstructed)",
      text: formatPermissions(plan),
    },
  ];
  if (plan.parentRequestInstructions !== null) {
    layers.push({
      role: "system",
      source: "parent-request-instructions (managed relay)",
      text: plan.parentRequestInstructions,
    });
  }
  layers.push({
    role: "developer",
    source: "thread/start developerInstructions",
    text: plan.threadDeveloperInstructions,
  });
  if (plan.collaborationDeveloperInstructions !== null) {
    layers.push({
      role: "developer",
      source: "turn/start collaborationMode.settings.developer_instructions",
      text: plan.collaborationDeveloperInstructions,
    });
  }
  layers.push({ role: "user", source: "turn/start input", text: plan.turnInputText });
  return layers;
}

function formatPermissions(plan: CodexTurnPlan): string {
  return [
    "Permissions (reconstructed from the params; Codex words this layer itself).",
    `Sandbox mode: ${plan.sandbox}.`,
    `Approval policy: ${plan.approvalPolicy}.`,
    `Network access: ${plan.sandbox === "danger-full-access" ? "enabled" : "restricted"}.`,
    `Writable root: ${plan.sandbox === "read-only" ? "none" : plan.cwd}.`,
  ].join("\n");
}
