import { hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";
import { projectInboundText } from "../project-inbound-text.js";
import { CURRENT_TRANSCRIPT_PROJECTION_VERSION } from "../resolve-transcript-projection-version.js";

/**
 * Group context: extra injected context for a group chat (or a sub-agent in minimal mode). It is
 * caller text, so it is projected here as the user's own text is (delimiters made inert; its
 * lines and wording kept, since it often carries a parent agent's instructions): every layout,
 * and every consumer of the rendered prompt, gets the same projected text.
 */
export function renderGroupContextSection(context: SectionRenderContext): string[] | undefined {
  const text = context.volatile?.groupContext;
  if (!hasText(text)) return undefined;
  const projected = projectInboundText(text.trim(), {
    projectionVersion: CURRENT_TRANSCRIPT_PROJECTION_VERSION,
    profile: context.profile,
    kind: "message",
  });
  return [projected.text];
}
