import { isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Reasoning format: for providers that need reasoning inside tags. */
export function renderReasoningFormatSection(context: SectionRenderContext): string[] | undefined {
  if (context.input.reasoningTagHint !== true) return undefined;
  if (isCompact(context)) {
    return [
      "Reasoning inside `<think>...</think>`, the visible reply inside `<final>...</final>`; text outside is not shown.",
    ];
  }
  return [
    "Put all internal reasoning inside `<think>...</think>`.",
    "Put the reply the user sees inside `<final>...</final>`.",
    "Text outside these tags is not shown.",
  ];
}
