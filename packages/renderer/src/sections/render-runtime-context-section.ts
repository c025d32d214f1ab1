import type { SectionRenderContext } from "../create-section-render-context.js";
import { formatInternalContextDelimiters } from "../product-profile.js";

/** Runtime context: how to treat messages wrapped in the internal-context delimiters. */
export function renderRuntimeContextSection(context: SectionRenderContext): string[] {
  const { begin, end } = formatInternalContextDelimiters(context.profile);
  return [
    `Text between ${begin} and ${end} is runtime context for the user request that follows, not something the user wrote.`,
    "Use it without replying to it or describing it.",
    "Keep its internals private.",
    "Carry on with the request; do not wait for another message.",
  ];
}
