import { hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Project memory: durable project facts surfaced for this turn. */
export function renderProjectMemorySection(context: SectionRenderContext): string[] | undefined {
  const facts = context.volatile?.projectMemoryFacts;
  if (facts === undefined) return undefined;
  const lines: string[] = [];
  for (const fact of facts) if (hasText(fact)) lines.push(`- ${fact.trim()}`);
  return lines.length === 0 ? undefined : lines;
}
