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

/**
 * Whether an OpenAI model name carries GPT 5.6 or later. Major and minor compare as whole
 * numbers: `gpt-5.10` is newer than `gpt-5.6`, and `gpt-4.16` is older.
 */
function hasExplicitBreakpoints(model: string): boolean {
  const match = /gpt-(\d+)(?:\.(\d+))?/.exec(model);
  if (match === null) return false;
  const major = Number(match[1]);
  const minor = Number(match[2] ?? "0");
  return major > 5 || (major === 5 && minor >= 6);
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
    return {
      rules: {
        provider,
        model,
        minimumPrefixTokens: row.minimumPrefixTokens,
        incrementTokens: row.incrementTokens,
        maxBreakpoints: hasExplicitBreakpoints(model) ? 4 : 0,
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
