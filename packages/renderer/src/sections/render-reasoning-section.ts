import type { SectionRenderContext } from "../create-section-render-context.js";

/** Reasoning: the current visibility and thinking level, and the `/reasoning` toggle. */
export function renderReasoningSection(context: SectionRenderContext): string[] | undefined {
  const reasoning = context.input.volatile?.reasoning;
  const thinking = context.input.volatile?.thinkingLevel;
  if (reasoning === undefined && thinking === undefined) return undefined;
  const lines: string[] = [];
  if (reasoning !== undefined) lines.push(`Reasoning visibility: ${reasoning}`);
  if (thinking !== undefined) lines.push(`Thinking level: ${thinking}`);
  lines.push("The user can toggle reasoning visibility with `/reasoning`.");
  return lines;
}
