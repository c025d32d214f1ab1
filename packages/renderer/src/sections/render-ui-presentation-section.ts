import { hasFeature, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/**
 * UI presentation: widgets, dashboards and portals, only when the turn names callable
 * presentation tools (deferred and code-mode ones may be missing from the tool list, so the
 * facts name them).
 */
export function renderUiPresentationSection(context: SectionRenderContext): string[] | undefined {
  const tools = context.volatile?.presentationTools;
  if (tools === undefined || tools.length === 0) return undefined;
  const names = tools.map((name) => `\`${name}\``).join(", ");
  if (isCompact(context)) {
    const lines = [
      `Presentation tools ${names} (details in their descriptions): a widget for a compact in-chat view, a dashboard for a larger lasting layout; a widget's returned presentation is authoritative.`,
      "A browser tab is the user's own page; never assume one is open. Keep token-bearing URLs private. Missing authoring support is this session's limit, not the platform's.",
      "Verify the user got the interaction, or say you could not.",
    ];
    if (hasFeature(context, "controlUi")) {
      lines.splice(1, 0, "Open portals through the Control UI (Portals), never a bare public URL.");
    }
    return lines;
  }
  const lines = [
    `Presentation tools (${names}) can show the user interactive views; the tool descriptions hold the details.`,
    "Use a widget for a compact view inside the conversation; use a dashboard for a larger, lasting layout.",
    "A widget's returned presentation is authoritative; describe what was actually delivered.",
    "Treat a browser tab as the user's own page; do not assume one is open.",
    "Keep URLs that carry tokens private.",
    "Missing authoring support is a limit of this session, not of the platform.",
    "Verify the user actually got the interaction, or say that you could not verify it.",
  ];
  if (hasFeature(context, "controlUi")) {
    lines.splice(
      3,
      0,
      "Open portals through the Control UI (Portals), never by sharing a bare public URL.",
    );
  }
  return lines;
}
