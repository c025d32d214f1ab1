import { isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/**
 * Reasoning: the current visibility and the `/reasoning` toggle. The thinking level is not
 * printed: effort goes through provider controls, and `/status` shows it.
 */
export function renderReasoningSection(context: SectionRenderContext): string[] | undefined {
  const reasoning = context.volatile?.reasoning;
  if (reasoning === undefined) return undefined;
  if (isCompact(context)) {
    // The toggle and the effort controls are the user's; compact size states the fact only.
    return [`Reasoning visibility: ${reasoning}`];
  }
  return [
    `Reasoning visibility: ${reasoning}`,
    "The user can toggle reasoning visibility with `/reasoning`.",
    "Reasoning effort is set through provider controls; `/status` shows the selected level.",
  ];
}
