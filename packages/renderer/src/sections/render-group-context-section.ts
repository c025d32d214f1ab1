import { hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/**
 * Group context: extra injected context for a group chat (or a sub-agent in minimal mode). It is
 * caller text, kept with its lines and wording (it often carries a parent agent's instructions);
 * its row projects it (`projectsCallerText`), so every layout and every consumer gets the same
 * projected text.
 */
export function renderGroupContextSection(context: SectionRenderContext): string[] | undefined {
  const text = context.volatile?.groupContext;
  if (!hasText(text)) return undefined;
  return [text.trim()];
}
