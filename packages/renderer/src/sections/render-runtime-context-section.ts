import type { SectionRenderContext } from "../create-section-render-context.js";
import { formatInternalContextDelimiters } from "../product-profile.js";

/** Runtime context: how to treat messages wrapped in the internal-context delimiters. */
export function renderRuntimeContextSection(context: SectionRenderContext): string[] {
  const { begin, end } = formatInternalContextDelimiters(context.profile);
  const lines = [
    `Text between ${begin} and ${end} is runtime context for the user request that follows, not something the user wrote.`,
    "Use it without replying to it or describing it.",
    "Keep its internals private.",
    "Carry on with the request; do not wait for another message.",
  ];
  // Stable: the location is a property of the conversation layout, never of one turn.
  if (context.input.runtimeFactsLocation === "user-message") {
    lines.push(
      "Your per-turn facts (time, channel, sender, runtime and similar) arrive the same way: as runtime context at the start of the newest user message.",
      "Runtime context in earlier messages describes the moment those messages were sent; when facts differ, the newest message wins.",
    );
  }
  return lines;
}
