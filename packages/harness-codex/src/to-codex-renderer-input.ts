import type { AgentSystemPromptInput } from "@promptstack/renderer";

/**
 * The renderer input for the Codex developer instructions: everything Codex owns or that the
 * adapter routes itself (workspace files, skills list, sandbox) is removed.
 */
export function toCodexRendererInput(input: AgentSystemPromptInput): AgentSystemPromptInput {
  const {
    contextFiles: _contextFiles,
    skillsPrompt: _skillsPrompt,
    sandbox: _sandbox,
    bootstrapTruncated: _bootstrapTruncated,
    bootstrapPending: _bootstrapPending,
    ...rest
  } = input;
  // The per-turn facts travel in the turn input (see `resolveCodexTurnPlan`), and the Runtime
  // Context section tells the model so.
  return { ...rest, runtimeFactsLocation: "user-message" };
}
