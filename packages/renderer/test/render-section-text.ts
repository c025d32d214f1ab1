import { buildAgentSystemPrompt } from "../src/build-agent-system-prompt.js";
import type { AgentSystemPromptInput } from "../src/types.js";

/** Test helper: the rendered text of one section, or undefined when it is absent. */
export function renderSectionText(input: AgentSystemPromptInput, id: string): string | undefined {
  return buildAgentSystemPrompt(input).sections.find((section) => section.id === id)?.text;
}
