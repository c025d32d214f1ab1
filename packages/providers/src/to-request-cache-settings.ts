import type { CacheFactsRow } from "./cache-facts-table.js";
import type { UsageProvider } from "./normalize-usage.js";

/** What a request body asks of the cache: whether it asks at all, and for how long. */
export interface RequestCacheSettings {
  /** Anthropic/Bedrock: a `cache_control` or `cachePoint` anywhere; implicit providers: always. */
  readonly asksForCaching: boolean;
  /** How long what it writes lives; `undefined`: not documented (never counted as expired). */
  readonly ttlSeconds: number | undefined;
}

const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

function parseDuration(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d+)([smhd])$/.exec(value.trim().toLowerCase());
  return match === null ? undefined : Number(match[1]) * TTL_UNITS[match[2]!]!;
}

/** Every value of `key` anywhere in the body; an undefined one is not sent (JSON drops it). */
function valuesOf(value: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) {
    for (const item of value) valuesOf(item, key, out);
  } else if (typeof value === "object" && value !== null) {
    for (const [name, item] of Object.entries(value)) {
      if (name === key && item !== undefined) out.push(item);
      valuesOf(item, key, out);
    }
  }
  return out;
}

function longestTtl(markers: readonly unknown[], fallback: number | undefined): number | undefined {
  let longest = fallback;
  for (const marker of markers) {
    const ttl =
      typeof marker === "object" && marker !== null
        ? parseDuration((marker as Record<string, unknown>).ttl)
        : undefined;
    if (ttl !== undefined && (longest === undefined || ttl > longest)) longest = ttl;
  }
  return longest;
}

/**
 * Reads a request body's cache settings: Anthropic `cache_control` markers (top-level automatic
 * caching included) and Bedrock `cachePoint` blocks with their `ttl` (the longest one decides how
 * long the lineage's prefix lives); OpenAI `prompt_cache_options.ttl` or
 * `prompt_cache_retention` (`in_memory`: 5 minutes, the lower end of the documented 5–10 minutes
 * of inactivity); otherwise the facts row's default.
 */
export function toRequestCacheSettings(
  provider: UsageProvider,
  body: unknown,
  facts: CacheFactsRow,
): RequestCacheSettings {
  if (provider === "anthropic" || provider === "bedrock") {
    const markers = valuesOf(body, provider === "anthropic" ? "cache_control" : "cachePoint");
    return {
      asksForCaching: markers.length > 0,
      ttlSeconds: longestTtl(markers, facts.defaultTtlSeconds),
    };
  }
  if (provider === "gemini") return { asksForCaching: true, ttlSeconds: facts.defaultTtlSeconds };
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const options = record.prompt_cache_options;
  const optionTtl =
    typeof options === "object" && options !== null
      ? parseDuration((options as Record<string, unknown>).ttl)
      : undefined;
  const retention = record.prompt_cache_retention;
  const retentionTtl = retention === "in_memory" ? 300 : retention === "24h" ? 86_400 : undefined;
  return {
    asksForCaching: true,
    ttlSeconds: optionTtl ?? retentionTtl ?? facts.defaultTtlSeconds,
  };
}
