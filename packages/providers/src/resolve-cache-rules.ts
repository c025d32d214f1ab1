import type { Diagnostic } from "@promptstack/renderer";

/** The providers whose caching the simulation models. */
export type CacheProvider = "anthropic" | "openai";

/** One provider's documented caching rules for one model (SPEC §11). */
export interface CacheRules {
  readonly provider: CacheProvider;
  readonly model: string;
  /** Shorter prefixes are not cached at all. */
  readonly minimumPrefixTokens: number;
  /** Cached lengths above the minimum come in steps of this many tokens (1: any length). */
  readonly incrementTokens: number;
  /** Explicit breakpoints allowed per request; 0 when caching is automatic prefix matching. */
  readonly maxBreakpoints: number;
  /** How many content blocks a breakpoint looks back for an earlier entry. */
  readonly lookbackBlocks: number;
  /** Where the numbers come from. */
  readonly source: string;
}

const ANTHROPIC_MINIMUMS: readonly (readonly [RegExp, number])[] = [
  [/opus-4-[5-9]|haiku-4-[5-9]|opus-4\.[5-9]|haiku-4\.[5-9]/, 4096],
  [/haiku-3|3-5-haiku|3-haiku/, 2048],
  [/sonnet-4|opus-4(?!-[5-9])|3-7-sonnet|sonnet-3-7/, 1024],
];

function parseGptVersion(model: string): number | undefined {
  const match = /gpt-(\d+)(?:\.(\d+))?/.exec(model);
  if (match === null) return undefined;
  return Number(match[1]) + Number(match[2] ?? "0") / 10;
}

/**
 * The caching rules for a provider and model: Anthropic's minimum cacheable prefix by model
 * (1024, 2048 or 4096 tokens), 4 breakpoints, 20-block lookback; OpenAI's 1024-token minimum,
 * 128-token increments before GPT-5.6. An unknown Anthropic model gets the strictest minimum and
 * an info diagnostic.
 */
export function resolveCacheRules(
  provider: CacheProvider,
  model: string,
): { readonly rules: CacheRules; readonly diagnostics: readonly Diagnostic[] } {
  const source = "SPEC §11 (providers' prompt-caching documentation, late 2026)";
  if (provider === "openai") {
    const version = parseGptVersion(model);
    const modern = version !== undefined && version >= 5.6;
    return {
      rules: {
        provider,
        model,
        minimumPrefixTokens: 1024,
        incrementTokens: modern ? 1 : 128,
        maxBreakpoints: modern ? 4 : 0,
        lookbackBlocks: 0,
        source,
      },
      diagnostics: [],
    };
  }
  const id = model.toLowerCase();
  const known = ANTHROPIC_MINIMUMS.find(([pattern]) => pattern.test(id));
  const diagnostics: Diagnostic[] =
    known === undefined
      ? [
          {
            code: "PROVIDERS_UNKNOWN_MODEL",
            severity: "info",
            message: `no documented minimum cacheable prefix for "${model}"; assuming the strictest, 4096 tokens`,
            hint: "Pass a Claude model id such as claude-sonnet-4-5 for exact rules.",
          },
        ]
      : [];
  return {
    rules: {
      provider,
      model,
      minimumPrefixTokens: known?.[1] ?? 4096,
      incrementTokens: 1,
      maxBreakpoints: 4,
      lookbackBlocks: 20,
      source,
    },
    diagnostics,
  };
}
