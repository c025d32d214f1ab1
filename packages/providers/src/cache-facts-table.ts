import type { Diagnostic } from "@promptstack/core";

/** The provider families whose caching facts the table holds. */
export type CacheFactsProvider = "anthropic" | "openai" | "gemini" | "bedrock";

/** Price multipliers relative to the model's uncached input price. */
export interface CachePriceMultipliers {
  /** A token read from cache. */
  readonly read: number;
  /** A token written with a 5-minute lifetime. */
  readonly write5m: number;
  /** A token written with a 1-hour lifetime. */
  readonly write1h: number;
  /** A token written where the provider does not report the lifetime (OpenAI `cache_write_tokens`). */
  readonly write: number;
}

/** One dated row of provider caching facts: the models it covers, their minimum, TTL and prices. */
export interface CacheFactsRow {
  readonly provider: CacheFactsProvider;
  /**
   * Model families, matched against the end of the normalized model id (lower case, `.` → `-`,
   * date, `-latest` and Bedrock `-v1:0` suffixes removed): `claude-sonnet-4-5` matches
   * `claude-sonnet-4-5-20250929` and `us.anthropic.claude-sonnet-4-5-20250929-v1:0`. `*` matches
   * every other model of the provider: alone (`["*"]`) it marks an assumed fallback, reported
   * with a diagnostic; beside families it says the row's rule is documented for all models.
   */
  readonly models: readonly string[];
  /** Shorter prefixes are never cached (and no error is returned). */
  readonly minimumPrefixTokens: number;
  /** Cached lengths come in steps of this many tokens above the minimum (1: any length). */
  readonly incrementTokens: number;
  /** Lifetime of an entry when the request asks for none; `undefined`: not documented, never expires. */
  readonly defaultTtlSeconds: number | undefined;
  readonly prices: CachePriceMultipliers;
  /** US dollars per million uncached input tokens; `undefined`: costs are in input-token equivalents. */
  readonly inputUsdPerMillion?: number;
  /** Where the numbers come from. */
  readonly source: string;
  /** The day the numbers were checked (ISO date). */
  readonly asOf: string;
}

const AS_OF = "2026-12-01";
const ANTHROPIC_SOURCE =
  "platform.claude.com prompt-caching docs and anthropics/skills prompt-caching.md, as gathered in provider-caching-facts.md §1";
const ANTHROPIC_PRICES: CachePriceMultipliers = {
  read: 0.1,
  write5m: 1.25,
  write1h: 2,
  write: 1.25,
};
const UNPRICED_READ_NOTE =
  "read price assumed 0.1× (provider-caching-facts.md gives none): override with your price list";

function anthropicRow(
  provider: "anthropic" | "bedrock",
  models: readonly string[],
  minimumPrefixTokens: number,
  note = "",
): CacheFactsRow {
  return {
    provider,
    models,
    minimumPrefixTokens,
    incrementTokens: 1,
    defaultTtlSeconds: 300,
    prices: ANTHROPIC_PRICES,
    source: `${ANTHROPIC_SOURCE}${note}`,
    asOf: AS_OF,
  };
}

/**
 * The built-in caching facts, one dated row per model family, checked on 2026-12-01 against
 * provider-caching-facts.md (which supersedes SPEC §11). Minimums are not monotonic across
 * generations and third-party tables disagree on some rows, so this is data, not code: pass
 * rows of your own to `createCacheLedger({ facts })` to override any of them.
 */
export const CACHE_FACTS_TABLE: readonly CacheFactsRow[] = Object.freeze([
  anthropicRow("anthropic", ["claude-opus-5", "claude-fable-5-1", "claude-mythos-5-1"], 512),
  anthropicRow(
    "anthropic",
    [
      "claude-opus-4-8",
      "claude-sonnet-5",
      "claude-sonnet-4-6",
      "claude-sonnet-4-5",
      "claude-opus-4-1",
      "claude-opus-4",
      "claude-sonnet-4",
    ],
    1024,
    " (docs.orq.ai lists Sonnet 4.6 at 2048)",
  ),
  anthropicRow("anthropic", ["claude-opus-4-7", "claude-mythos-preview", "claude-3-5-haiku"], 2048),
  anthropicRow("anthropic", ["claude-opus-4-6", "claude-opus-4-5", "claude-haiku-4-5"], 4096),
  anthropicRow("anthropic", ["*"], 4096, " (unknown model: the strictest documented minimum)"),
  {
    provider: "openai",
    models: ["gpt-5-6", "gpt-5-7", "gpt-5-8", "gpt-5-9", "gpt-6"],
    minimumPrefixTokens: 1024,
    incrementTokens: 1,
    // prompt_cache_options.ttl "30m" is the default and a minimum.
    defaultTtlSeconds: 30 * 60,
    prices: { read: 0.1, write5m: 1.25, write1h: 1.25, write: 1.25 },
    source: `developers.openai.com prompt-caching guide and openai-node types, provider-caching-facts.md §2: writes 1.25× from GPT-5.6; ${UNPRICED_READ_NOTE}`,
    asOf: AS_OF,
  },
  {
    provider: "openai",
    models: [
      "gpt-5-5",
      "gpt-5-4",
      "gpt-5-3",
      "gpt-5-2",
      "gpt-5-1",
      "gpt-5",
      "gpt-4-1",
      "gpt-4o",
      "*",
    ],
    minimumPrefixTokens: 1024,
    incrementTokens: 128,
    // prompt_cache_retention defaults to 24h without ZDR (gpt-5.5 and later accept only 24h).
    defaultTtlSeconds: 24 * 60 * 60,
    prices: { read: 0.1, write5m: 1, write1h: 1, write: 1 },
    source: `developers.openai.com prompt-caching guide, provider-caching-facts.md §2: hits in 128-token steps before GPT-5.6, writes free; ${UNPRICED_READ_NOTE}`,
    asOf: AS_OF,
  },
  {
    provider: "gemini",
    models: ["gemini-2-5-flash", "gemini-2-5-pro"],
    minimumPrefixTokens: 2048,
    incrementTokens: 1,
    defaultTtlSeconds: undefined,
    prices: { read: 0.1, write5m: 1, write1h: 1, write: 1 },
    source: `ai.google.dev caching docs updated 2026-10-13 (earlier versions: Flash 1024, Pro 4096), provider-caching-facts.md §3; implicit caching has no documented TTL; ${UNPRICED_READ_NOTE}`,
    asOf: AS_OF,
  },
  {
    provider: "gemini",
    models: ["gemini-3-flash", "gemini-3-1-flash", "gemini-3-1-pro-preview"],
    minimumPrefixTokens: 4096,
    incrementTokens: 1,
    defaultTtlSeconds: undefined,
    prices: { read: 0.1, write5m: 1, write1h: 1, write: 1 },
    source: `ai.google.dev caching docs updated 2026-10-13, provider-caching-facts.md §3; ${UNPRICED_READ_NOTE}`,
    asOf: AS_OF,
  },
  {
    provider: "gemini",
    models: ["*"],
    minimumPrefixTokens: 4096,
    incrementTokens: 1,
    defaultTtlSeconds: undefined,
    prices: { read: 0.1, write5m: 1, write1h: 1, write: 1 },
    source: `unknown Gemini model: the strictest minimum in ai.google.dev caching docs updated 2026-10-13; ${UNPRICED_READ_NOTE}`,
    asOf: AS_OF,
  },
  {
    provider: "bedrock",
    models: ["nova-micro", "nova-lite", "nova-pro", "nova-premier", "nova-2-lite"],
    minimumPrefixTokens: 1000,
    incrementTokens: 1,
    defaultTtlSeconds: 300,
    prices: ANTHROPIC_PRICES,
    source: `docs.aws.amazon.com prompt-caching user guide, provider-caching-facts.md §4: Nova needs 1,000 tokens per checkpoint, caps at 32K, no tools; prices assumed as Anthropic's: override with your price list`,
    asOf: AS_OF,
  },
  // Claude on Bedrock follows the Anthropic rows (found through the fallback below).
]);

/** The facts that apply to one request, with the row they came from. */
export interface ResolvedCacheFacts {
  readonly row: CacheFactsRow;
  readonly diagnostics: readonly Diagnostic[];
}

/** Lower case, `.` → `-`, without date, `-latest` and Bedrock version suffixes. */
export function normalizeModelId(model: string): string {
  return model
    .toLowerCase()
    .replaceAll(".", "-")
    .replace(/-v\d+:\d+$/, "")
    .replace(/-latest$/, "")
    .replace(/-\d{8}$/, "");
}

/** `id` holds `family-` followed by a lower-case letter (a string scan: no regex per request). */
function hasVariantOf(id: string, family: string): boolean {
  const needle = `${family}-`;
  for (let at = id.indexOf(needle); at !== -1; at = id.indexOf(needle, at + 1)) {
    const next = id.charCodeAt(at + needle.length);
    if (next >= 97 && next <= 122) return true;
  }
  return false;
}

function findRow(
  rows: readonly CacheFactsRow[],
  provider: CacheFactsProvider,
  id: string,
  allowFallback: boolean,
): CacheFactsRow | undefined {
  const candidates = rows.filter((row) => row.provider === provider);
  return (
    candidates.find((row) => row.models.some((family) => family !== "*" && id.endsWith(family))) ??
    // A family followed by a variant word (`gpt-5-6-mini`, `gemini-2-5-flash-lite`), never by a
    // version number (`claude-opus-4-9` is not `claude-opus-4`).
    candidates.find((row) =>
      row.models.some((family) => family !== "*" && hasVariantOf(id, family)),
    ) ??
    (allowFallback ? candidates.find((row) => row.models.includes("*")) : undefined)
  );
}

/**
 * The caching facts for a provider and model: the caller's rows first, then
 * `CACHE_FACTS_TABLE`. Claude models on Bedrock use the Anthropic rows. A model no row names
 * gets the provider's fallback row, with an info diagnostic when that row is an assumption (its
 * `models` is `["*"]`) rather than a rule documented for every model (OpenAI's 1024 tokens).
 */
export function resolveCacheFacts(
  provider: CacheFactsProvider,
  model: string,
  overrides: readonly CacheFactsRow[] = [],
): ResolvedCacheFacts {
  const id = normalizeModelId(model);
  const rows = [...overrides, ...CACHE_FACTS_TABLE];
  const exact =
    findRow(rows, provider, id, false) ??
    (provider === "bedrock" && id.includes("claude")
      ? findRow(rows, "anthropic", id, false)
      : undefined);
  if (exact !== undefined) return { row: exact, diagnostics: [] };
  const fallbackProvider = provider === "bedrock" && id.includes("claude") ? "anthropic" : provider;
  const fallback =
    findRow(rows, fallbackProvider, id, true) ?? findRow(CACHE_FACTS_TABLE, "anthropic", id, true)!;
  if (fallback.models.length > 1) return { row: fallback, diagnostics: [] };
  return {
    row: fallback,
    diagnostics: [
      {
        code: "PROVIDERS_UNKNOWN_MODEL",
        severity: "info",
        message: `no caching facts for ${provider} model "${model}"; using the fallback row (minimum ${fallback.minimumPrefixTokens} tokens)`,
        hint: "Pass a row for this model in the facts option to use its documented minimum, TTL and prices.",
      },
    ],
  };
}
