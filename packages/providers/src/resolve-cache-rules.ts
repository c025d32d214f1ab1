import type { Diagnostic } from "@promptstack/core";
import { resolveCacheFacts } from "./cache-facts-table.js";

/** The providers whose caching the simulation models. */
export type CacheProvider = "anthropic" | "openai";

/** One provider's documented caching rules for one model (from `CACHE_FACTS_TABLE`). */
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

function parseGptVersion(model: string): number | undefined {
  const match = /gpt-(\d+)(?:\.(\d+))?/.exec(model);
  if (match === null) return undefined;
  return Number(match[1]) + Number(match[2] ?? "0") / 10;
}

/**
 * The caching rules for a provider and model: the minimum cacheable prefix and its increments
 * from the dated `CACHE_FACTS_TABLE` (Anthropic 512 to 4096 tokens by model family; OpenAI 1024,
 * in 128-token steps before GPT-5.6), 4 breakpoints with a 20-block lookback on Anthropic,
 * explicit breakpoints on OpenAI from GPT-5.6. An unknown Anthropic model gets the strictest
 * minimum and an info diagnostic.
 */
export function resolveCacheRules(
  provider: CacheProvider,
  model: string,
): { readonly rules: CacheRules; readonly diagnostics: readonly Diagnostic[] } {
  const { row, diagnostics } = resolveCacheFacts(provider, model);
  const source = `${row.source} (as of ${row.asOf})`;
  if (provider === "openai") {
    const version = parseGptVersion(model);
    const modern = version !== undefined && version >= 5.6;
    return {
      rules: {
        provider,
        model,
        minimumPrefixTokens: row.minimumPrefixTokens,
        incrementTokens: row.incrementTokens,
        maxBreakpoints: modern ? 4 : 0,
        lookbackBlocks: 0,
        source,
      },
      diagnostics,
    };
  }
  return {
    rules: {
      provider,
      model,
      minimumPrefixTokens: row.minimumPrefixTokens,
      incrementTokens: row.incrementTokens,
      maxBreakpoints: 4,
      lookbackBlocks: 20,
      source,
    },
    diagnostics,
  };
}
