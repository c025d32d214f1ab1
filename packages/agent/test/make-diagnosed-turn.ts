import type { Diagnostic } from "@promptstack/core";
import type { AgentBootstrapFile, AgentSkill, AgentTurn } from "../src/agent-types.js";

/** What a test sets on the turn `makeDiagnosedTurn` builds. */
export interface DiagnosedTurnParts {
  readonly files?: AgentBootstrapFile[];
  readonly skills?: AgentSkill[];
  readonly omitted?: string[];
  /** Default: the skills not excluded. */
  readonly eligible?: number;
  /** Default: the names of the included skills. */
  readonly included?: string[];
  readonly format?: AgentTurn["skills"]["format"];
  readonly diagnostics?: Diagnostic[];
  readonly budgets?: { readonly maxSkillsInPrompt: number; readonly maxSkillsPromptChars: number };
}

/**
 * Test helper: a turn holding only the parts `diagnoseAgentTurn` reads; the rest is never
 * touched.
 */
export function makeDiagnosedTurn(parts: DiagnosedTurnParts): AgentTurn {
  const skills = parts.skills ?? [];
  return {
    bootstrap: { files: parts.files ?? [], truncated: false, pending: false },
    skills: {
      all: skills,
      eligible: parts.eligible ?? skills.filter((skill) => skill.status !== "excluded").length,
      included:
        parts.included ??
        skills.filter((skill) => skill.status === "included").map((skill) => skill.name),
      omitted: parts.omitted ?? [],
      text: "",
      format: parts.format ?? "full",
    },
    config: {
      budgets: parts.budgets ?? { maxSkillsInPrompt: 150, maxSkillsPromptChars: 18000 },
    },
    diagnostics: parts.diagnostics ?? [],
  } as unknown as AgentTurn;
}
