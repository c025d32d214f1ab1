import { renderAgentSystemPrompt } from "./compile-agent-system-prompt.js";
import type { AgentSystemPromptInput, RenderedPrompt } from "./types.js";

/**
 * Renders the system prompt for one run: `{ text, sections, boundary }`. Pure: the same input
 * always gives the same bytes. Throws `RendererError` on invalid input or a failing legacy hook.
 * `sections` describes the renderer's own output, before any legacy hook rewrote `text`.
 *
 * This is `compileAgentSystemPrompt` and one `render` in a single call (one pipeline, one
 * output); a caller that renders many turns over the same stable input should hold a compiled
 * prompt instead.
 */
export function buildAgentSystemPrompt(input: AgentSystemPromptInput): RenderedPrompt {
  return renderAgentSystemPrompt(input);
}
