import { hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Group context: extra injected context for a group chat (or a sub-agent in minimal mode). */
export function renderGroupContextSection(context: SectionRenderContext): string[] | undefined {
  const text = context.volatile?.groupContext;
  return hasText(text) ? [text.trim()] : undefined;
}
