import type { TokenCounter } from "@promptstack/core";
import type { RenderRun } from "../inputs/render-run.js";

/** One section's size and cache side, as `render --json` and `context` report it. */
export interface SectionStat {
  readonly id: string;
  readonly heading: string;
  readonly cache: "stable" | "volatile";
  readonly chars: number;
  readonly tokens: number;
}

/** Size and cache side of every section of a run, in prompt order. */
export function toSectionStats(run: RenderRun, counter: TokenCounter): SectionStat[] {
  return run.prompt.sections.map((section) => ({
    id: section.id,
    heading: section.heading,
    cache: section.cache,
    chars: section.text.length,
    tokens: counter.countTokens(section.text),
  }));
}
