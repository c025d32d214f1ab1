import type { TokenCounter } from "@promptstack/core";
import { formatSectionDiff } from "./format-section-diff.js";
import type { RenderRun } from "../inputs/render-run.js";
import { toPromptHalves } from "./to-prompt-halves.js";

/** Why two renders do or do not share their cacheable prefix (`explain-cache --json`). */
export interface CacheExplanation {
  readonly version: 1;
  /** `identical`: the stable prefixes are byte-identical, so a prefix cache hits. */
  readonly outcome: "identical" | "differs";
  readonly before: {
    readonly label: string;
    readonly stableChars: number;
    readonly stableTokens: number;
  };
  readonly after: {
    readonly label: string;
    readonly stableChars: number;
    readonly stableTokens: number;
  };
  /** Characters and tokens both stable prefixes share from the start (what a cache can reuse). */
  readonly sharedPrefix: { readonly chars: number; readonly tokens: number };
  /** The first stable section that differs; absent when the prefixes are identical. */
  readonly firstDifference?: {
    readonly sectionId: string;
    readonly heading: string;
    /** 1-based position among the stable sections of the `before` render. */
    readonly position: number;
    readonly change: "changed" | "added" | "removed";
    readonly diff: string;
  };
  /** Volatile sections whose text changed; they never affect the cached prefix. */
  readonly volatileChanges: readonly string[];
}

/** Labels and limits for `buildCacheExplanation`. */
export interface CacheExplanationOptions {
  readonly beforeLabel: string;
  readonly afterLabel: string;
  /** Cap on diff lines. Default 40. */
  readonly maxDiffLines?: number;
}

function commonPrefixLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a.charCodeAt(index) === b.charCodeAt(index)) index += 1;
  // Never split a surrogate pair: back off to the pair's start.
  if (index > 0 && index < limit) {
    const code = a.charCodeAt(index - 1);
    if (code >= 0xd800 && code <= 0xdbff) index -= 1;
  }
  return index;
}

/**
 * Compares two renders of the same agent: names the first stable section whose text differs (with
 * a short diff), or confirms the stable prefix is byte-identical and how many tokens it holds.
 */
export function buildCacheExplanation(
  before: RenderRun,
  after: RenderRun,
  options: CacheExplanationOptions,
  counter: TokenCounter,
): CacheExplanation {
  const countTokens = (text: string): number => counter.countTokens(text);
  const beforePrefix = toPromptHalves(before).stable;
  const afterPrefix = toPromptHalves(after).stable;
  const shared = commonPrefixLength(beforePrefix, afterPrefix);
  const sharedText = beforePrefix.slice(0, shared);
  const volatileChanges = [
    ...new Set(
      [...before.prompt.sections, ...after.prompt.sections]
        .filter((section) => section.cache === "volatile")
        .map((section) => section.id),
    ),
  ].filter((id) => {
    const a = before.prompt.sections.find((section) => section.id === id);
    const b = after.prompt.sections.find((section) => section.id === id);
    return a?.text !== b?.text;
  });
  const base = {
    version: 1 as const,
    before: {
      label: options.beforeLabel,
      stableChars: beforePrefix.length,
      stableTokens: countTokens(beforePrefix),
    },
    after: {
      label: options.afterLabel,
      stableChars: afterPrefix.length,
      stableTokens: countTokens(afterPrefix),
    },
    sharedPrefix: { chars: shared, tokens: countTokens(sharedText) },
    volatileChanges,
  };
  if (beforePrefix === afterPrefix) return { ...base, outcome: "identical" };

  const beforeStable = before.prompt.sections.filter((section) => section.cache === "stable");
  const afterStable = after.prompt.sections.filter((section) => section.cache === "stable");
  const maxLines = options.maxDiffLines ?? 40;
  const diffOf = (a: string, b: string, id: string): string =>
    formatSectionDiff(a, b, {
      context: 2,
      maxLines,
      beforeLabel: `${options.beforeLabel} § ${id}`,
      afterLabel: `${options.afterLabel} § ${id}`,
    });
  const length = Math.max(beforeStable.length, afterStable.length);
  for (let index = 0; index < length; index += 1) {
    const a = beforeStable[index];
    const b = afterStable[index];
    if (a !== undefined && b !== undefined && a.id === b.id && a.text === b.text) continue;
    if (a !== undefined && b !== undefined && a.id === b.id) {
      return {
        ...base,
        outcome: "differs",
        firstDifference: {
          sectionId: a.id,
          heading: a.heading,
          position: index + 1,
          change: "changed",
          diff: diffOf(a.text, b.text, a.id),
        },
      };
    }
    // A section appears on one side only: name the one that is new (or gone) at this position.
    const added = b !== undefined && !beforeStable.some((section) => section.id === b.id);
    const section = added ? b : (a ?? b);
    if (section === undefined) break;
    return {
      ...base,
      outcome: "differs",
      firstDifference: {
        sectionId: section.id,
        heading: section.heading,
        position: index + 1,
        change: added ? "added" : "removed",
        diff: added ? diffOf("", section.text, section.id) : diffOf(section.text, "", section.id),
      },
    };
  }
  // Same sections, same texts, different bytes: the joins between sections differ.
  return {
    ...base,
    outcome: "differs",
    firstDifference: {
      sectionId: "(between sections)",
      heading: "",
      position: 0,
      change: "changed",
      diff: diffOf(beforePrefix, afterPrefix, "stable prefix"),
    },
  };
}
