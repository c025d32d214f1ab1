import type { Diagnostic } from "@promptstack/core";

/** The request formats whose usage objects the ledger reads. */
export type UsageProvider = "anthropic" | "openai-responses" | "openai-chat" | "gemini" | "bedrock";

/** Input tokens written to cache, by lifetime. */
export interface CacheWrites {
  /** Every token written: `5m + 1h` plus writes whose lifetime the provider does not report. */
  readonly total: number;
  readonly "5m": number;
  readonly "1h": number;
}

/**
 * One request's input tokens in one shape, whatever the provider: `inputTotal = read +
 * written.total + uncached`, each counted once.
 */
export interface NormalizedUsage {
  /** Every input token of the request. */
  readonly inputTotal: number;
  /** Tokens served from cache. */
  readonly read: number;
  /** Tokens written to cache. */
  readonly written: CacheWrites;
  /** Tokens neither read from nor written to cache, billed at the full input price. */
  readonly uncached: number;
}

/** What `normalizeUsage` returns: the usage, or `undefined` with a diagnostic saying why. */
export interface NormalizeUsageResult {
  readonly usage: NormalizedUsage | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

type Reader = (path: string, required: boolean) => number;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split(".")) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Internal: unwinds to `normalizeUsage`, which turns it into a diagnostic. Never escapes. */
class MalformedUsage extends Error {}

function createReader(usage: unknown): Reader {
  return (path, required) => {
    const value = at(usage, path);
    if (value === undefined || value === null) {
      if (required) throw new MalformedUsage(`${path} is missing`);
      return 0;
    }
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
      throw new MalformedUsage(`${path} must be a whole number ≥ 0, got ${JSON.stringify(value)}`);
    }
    return value;
  };
}

function disjoint(read: number, written: CacheWrites, uncached: number): NormalizedUsage {
  return { inputTotal: read + written.total + uncached, read, written, uncached };
}

function subset(inputTotal: number, read: number, written: CacheWrites, what: string) {
  if (read + written.total > inputTotal) {
    throw new MalformedUsage(
      `${what}: cached and written tokens (${read + written.total}) exceed the input total (${inputTotal})`,
    );
  }
  return { inputTotal, read, written, uncached: inputTotal - read - written.total };
}

/** Bedrock reports `5m`/`1h` (SDK `CacheTTL`); recorded raw responses also show `T5M`. */
function parseTtl(value: unknown): "5m" | "1h" | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(?:PT|T)?(\d+)([MH])$/i.exec(value.trim());
  if (match === null) return undefined;
  const minutes = Number(match[1]) * (match[2]!.toUpperCase() === "H" ? 60 : 1);
  return minutes === 5 ? "5m" : minutes === 60 ? "1h" : undefined;
}

function normalizeAnthropic(read: Reader, usage: unknown): NormalizedUsage {
  const creation = read("cache_creation_input_tokens", false);
  let split = { "5m": creation, "1h": 0 };
  if (isRecord(at(usage, "cache_creation"))) {
    const fiveMinutes = read("cache_creation.ephemeral_5m_input_tokens", false);
    const oneHour = read("cache_creation.ephemeral_1h_input_tokens", false);
    if (fiveMinutes + oneHour !== creation) {
      throw new MalformedUsage(
        `cache_creation splits ${fiveMinutes + oneHour} tokens but cache_creation_input_tokens is ${creation}`,
      );
    }
    split = { "5m": fiveMinutes, "1h": oneHour };
  }
  return disjoint(
    read("cache_read_input_tokens", false),
    { total: creation, ...split },
    read("input_tokens", true),
  );
}

function normalizeBedrock(read: Reader, usage: unknown): NormalizedUsage {
  const writes = read("cacheWriteInputTokens", false);
  const split = { "5m": 0, "1h": 0 };
  const details = at(usage, "cacheDetails");
  if (Array.isArray(details) && details.length > 0) {
    details.forEach((detail: unknown, index) => {
      const ttl = parseTtl(at(detail, "ttl"));
      if (ttl === undefined) {
        throw new MalformedUsage(
          `cacheDetails[${index}].ttl must be 5m or 1h, got ${JSON.stringify(at(detail, "ttl"))}`,
        );
      }
      split[ttl] += read(`cacheDetails.${index}.inputTokens`, true);
    });
    if (split["5m"] + split["1h"] !== writes) {
      throw new MalformedUsage(
        `cacheDetails split ${split["5m"] + split["1h"]} tokens but cacheWriteInputTokens is ${writes}`,
      );
    }
  } else if (details !== undefined && details !== null && !Array.isArray(details)) {
    throw new MalformedUsage("cacheDetails must be an array");
  } else {
    // Without a breakdown the write has the default lifetime.
    split["5m"] = writes;
  }
  return disjoint(
    read("cacheReadInputTokens", false),
    { total: writes, ...split },
    read("inputTokens", true),
  );
}

function normalizeOpenAI(read: Reader, total: string, details: string, what: string) {
  const inputTotal = read(total, true);
  const cached = read(`${details}.cached_tokens`, false);
  // cache_write_tokens (GPT-5.6 and later) has no lifetime split.
  const writes = read(`${details}.cache_write_tokens`, false);
  return subset(inputTotal, cached, { total: writes, "5m": 0, "1h": 0 }, what);
}

function normalizeGemini(usage: unknown): NormalizedUsage {
  // The whole response (`usageMetadata` inside) or the usageMetadata object itself.
  const metadata = isRecord(at(usage, "usageMetadata")) ? at(usage, "usageMetadata") : usage;
  const read = createReader(metadata);
  return subset(
    read("promptTokenCount", true),
    read("cachedContentTokenCount", false),
    { total: 0, "5m": 0, "1h": 0 },
    "usageMetadata",
  );
}

/**
 * Reads one provider's usage object exactly as returned and counts each input token once:
 * Anthropic (`input_tokens` is the uncached remainder beside `cache_read_input_tokens` and
 * `cache_creation_input_tokens`, split by `cache_creation`), OpenAI Responses and Chat
 * (`input_tokens`/`prompt_tokens` include `cached_tokens` and `cache_write_tokens` of their
 * details), Gemini (`promptTokenCount` includes `cachedContentTokenCount`), Bedrock Converse
 * (`inputTokens` beside `cacheReadInputTokens` and `cacheWriteInputTokens`, split by
 * `cacheDetails`). Never throws on content: a malformed object yields `usage: undefined` and a
 * `PROVIDERS_USAGE_MALFORMED` warning.
 */
export function normalizeUsage(provider: UsageProvider, usage: unknown): NormalizeUsageResult {
  try {
    if (!isRecord(usage)) throw new MalformedUsage("usage must be an object");
    const read = createReader(usage);
    switch (provider) {
      case "anthropic":
        return { usage: normalizeAnthropic(read, usage), diagnostics: [] };
      case "bedrock":
        return { usage: normalizeBedrock(read, usage), diagnostics: [] };
      case "openai-responses":
        return {
          usage: normalizeOpenAI(read, "input_tokens", "input_tokens_details", "input_tokens"),
          diagnostics: [],
        };
      case "openai-chat":
        return {
          usage: normalizeOpenAI(read, "prompt_tokens", "prompt_tokens_details", "prompt_tokens"),
          diagnostics: [],
        };
      case "gemini":
        return { usage: normalizeGemini(usage), diagnostics: [] };
    }
  } catch (error) {
    if (!(error instanceof MalformedUsage)) throw error;
    return {
      usage: undefined,
      diagnostics: [
        {
          code: "PROVIDERS_USAGE_MALFORMED",
          severity: "warning",
          message: `${provider} usage is not readable: ${error.message}.`,
          hint: "Pass the usage object exactly as the provider returned it (the response's usage field).",
        },
      ],
    };
  }
}
