import type { Diagnostic } from "@promptstack/core";
import { attributeCacheMiss } from "./attribute-cache-miss.js";
import type {
  AttributedRequest,
  CacheLedgerSection,
  CacheMissCause,
} from "./attribute-cache-miss.js";
import { resolveCacheFacts } from "./cache-facts-table.js";
import type { CacheFactsProvider, CacheFactsRow } from "./cache-facts-table.js";
import { normalizeUsage } from "./normalize-usage.js";
import type { CacheWrites, NormalizedUsage, UsageProvider } from "./normalize-usage.js";
import { formatIsoTimestamp, parseIsoTimestamp } from "./parse-iso-timestamp.js";
import { ProvidersError } from "./providers-error.js";
import { toRequestBodyParts } from "./to-request-body-parts.js";
import { toRequestCacheSettings } from "./to-request-cache-settings.js";

/** One request as sent and the usage the provider returned for it. */
export interface CacheLedgerRequest {
  /** `openai` picks `openai-chat` for a body with `messages`, else `openai-responses`. */
  readonly provider: UsageProvider | "openai";
  readonly model: string;
  /** When the request started: an ISO 8601 time with a zone, or a `Date`. */
  readonly at: string | Date;
  /** The request body as sent (plain JSON). */
  readonly body: unknown;
  /** The provider's usage object exactly as returned. */
  readonly usage: unknown;
  /** Requests of one lineage share a cache. Default: provider and model, plus `prompt_cache_key`. */
  readonly lineage?: string;
  /** The turn's system-prompt sections, to name the section a system change falls in. */
  readonly sections?: readonly CacheLedgerSection[];
}

/** The ledger's verdict on one request. */
export interface CacheLedgerEntry {
  /** Position in recording order, from 0. */
  readonly index: number;
  readonly provider: UsageProvider;
  readonly model: string;
  /** ISO 8601, UTC. */
  readonly at: string;
  readonly lineage: string;
  /** `undefined` when the usage object could not be read (see `diagnostics`). */
  readonly usage: NormalizedUsage | undefined;
  /** Tokens the simulation expected to be read. */
  readonly expected: number;
  readonly miss: boolean;
  readonly cause: CacheMissCause;
  /** Cost in uncached-input-token equivalents at the facts row's price multipliers. */
  readonly cost: number | undefined;
  /** Cost in US dollars, when the facts row has an input price. */
  readonly costUsd: number | undefined;
  readonly facts: CacheFactsRow;
  readonly diagnostics: readonly Diagnostic[];
}

/** Sums over every request with readable usage. */
export interface CacheLedgerTotals {
  readonly requests: number;
  readonly misses: number;
  readonly inputTotal: number;
  readonly read: number;
  readonly written: CacheWrites;
  readonly uncached: number;
  /** In uncached-input-token equivalents. */
  readonly cost: number;
  /** What the same input would cost without any caching (every token at the input price). */
  readonly costWithoutCache: number;
  /** US dollars, when every row used has an input price. */
  readonly costUsd: number | undefined;
}

/** Options of `createCacheLedger`. */
export interface CreateCacheLedgerOptions {
  /** Rows that take precedence over `CACHE_FACTS_TABLE` (your prices, a newer minimum). */
  readonly facts?: readonly CacheFactsRow[];
}

/** A running ledger of real cache usage: record each request after its response arrives. */
export interface CacheLedger {
  /** Records one request and returns its entry. Throws `PROVIDERS_INVALID_ARGUMENT` on a bad `at`. */
  record(request: CacheLedgerRequest): CacheLedgerEntry;
  /** Every entry, in recording order. */
  readonly entries: readonly CacheLedgerEntry[];
  totals(): CacheLedgerTotals;
}

const PROVIDERS: readonly string[] = [
  "anthropic",
  "openai",
  "openai-responses",
  "openai-chat",
  "gemini",
  "bedrock",
];

function resolveProvider(provider: string, body: unknown): UsageProvider {
  if (provider !== "openai") return provider as UsageProvider;
  const hasMessages = typeof body === "object" && body !== null && "messages" in body;
  return hasMessages ? "openai-chat" : "openai-responses";
}

function toFactsProvider(provider: UsageProvider): CacheFactsProvider {
  return provider === "openai-chat" || provider === "openai-responses" ? "openai" : provider;
}

function defaultLineage(provider: UsageProvider, model: string, body: unknown): string {
  const key =
    typeof body === "object" && body !== null
      ? (body as Record<string, unknown>).prompt_cache_key
      : undefined;
  return typeof key === "string" ? `${provider}:${model}:${key}` : `${provider}:${model}`;
}

function toMillis(at: unknown): number {
  const millis =
    typeof at === "string"
      ? parseIsoTimestamp(at)
      : typeof at === "object" && at !== null && "getTime" in at && typeof at.getTime === "function"
        ? Number(at.getTime())
        : undefined;
  if (millis === undefined || !Number.isFinite(millis)) {
    throw new ProvidersError(
      "PROVIDERS_INVALID_ARGUMENT",
      `createCacheLedger().record: at ${JSON.stringify(String(at))} is not an ISO 8601 time that exists.`,
      { path: "at", hint: "Pass the time the request started, e.g. 2026-12-01T21:05:00Z." },
    );
  }
  return millis;
}

/** Cost of one request in uncached-input-token equivalents. */
function costOf(usage: NormalizedUsage, facts: CacheFactsRow): number {
  const { prices } = facts;
  const unsplit = usage.written.total - usage.written["5m"] - usage.written["1h"];
  return (
    usage.uncached +
    usage.read * prices.read +
    usage.written["5m"] * prices.write5m +
    usage.written["1h"] * prices.write1h +
    unsplit * prices.write
  );
}

function checkProvider(provider: unknown): void {
  if (typeof provider !== "string" || !PROVIDERS.includes(provider)) {
    throw new ProvidersError(
      "PROVIDERS_INVALID_ARGUMENT",
      `createCacheLedger().record: provider ${JSON.stringify(provider)} is not one the ledger reads.`,
      { path: "provider", hint: `Use one of ${PROVIDERS.join(", ")}.` },
    );
  }
}

/**
 * Creates a ledger that compares what each provider reported with what the simulation
 * expected: each usage object is normalized (`normalizeUsage`), each request compared with the
 * previous request of its lineage (`attributeCacheMiss`), each miss named, each request priced
 * at its facts row (`CACHE_FACTS_TABLE`, overridable). Pure: no I/O, no clock; time comes from
 * each request's `at`. A request whose usage cannot be read is kept with a diagnostic and is not
 * compared (the next request compares with the last readable one).
 */
export function createCacheLedger(options: CreateCacheLedgerOptions = {}): CacheLedger {
  const entries: CacheLedgerEntry[] = [];
  const lastOfLineage = new Map<string, AttributedRequest>();
  return {
    entries,
    record(request) {
      checkProvider(request.provider);
      if (typeof request.model !== "string" || request.model === "") {
        throw new ProvidersError(
          "PROVIDERS_INVALID_ARGUMENT",
          "createCacheLedger().record: model must be a non-empty string.",
          { path: "model", hint: "Pass the model id the request was sent to." },
        );
      }
      const millis = toMillis(request.at);
      const provider = resolveProvider(request.provider, request.body);
      const { row, diagnostics: factDiagnostics } = resolveCacheFacts(
        toFactsProvider(provider),
        request.model,
        options.facts,
      );
      const { usage, diagnostics: usageDiagnostics } = normalizeUsage(provider, request.usage);
      const lineage = request.lineage ?? defaultLineage(provider, request.model, request.body);
      const base = {
        index: entries.length,
        provider,
        model: request.model,
        at: formatIsoTimestamp(millis),
        lineage,
        usage,
        facts: row,
        diagnostics: [...factDiagnostics, ...usageDiagnostics],
      };
      if (usage === undefined) {
        const entry: CacheLedgerEntry = {
          ...base,
          expected: 0,
          miss: false,
          cause: { kind: "none" },
          cost: undefined,
          costUsd: undefined,
        };
        entries.push(entry);
        return entry;
      }
      const current: AttributedRequest = {
        provider,
        at: millis,
        parts: toRequestBodyParts(provider, request.body),
        usage,
        settings: toRequestCacheSettings(provider, request.body, row),
        ...(request.sections === undefined ? {} : { sections: request.sections }),
      };
      const verdict = attributeCacheMiss(lastOfLineage.get(lineage), current, row);
      lastOfLineage.set(lineage, current);
      const cost = costOf(usage, row);
      const entry: CacheLedgerEntry = {
        ...base,
        expected: verdict.expected,
        miss: verdict.miss,
        cause: verdict.cause,
        cost,
        costUsd:
          row.inputUsdPerMillion === undefined ? undefined : (cost * row.inputUsdPerMillion) / 1e6,
      };
      entries.push(entry);
      return entry;
    },
    totals() {
      const counted = entries.filter((entry) => entry.usage !== undefined);
      const sum = (pick: (usage: NormalizedUsage) => number): number =>
        counted.reduce((total, entry) => total + pick(entry.usage!), 0);
      const priced = counted.every((entry) => entry.costUsd !== undefined);
      return {
        requests: entries.length,
        misses: entries.filter((entry) => entry.miss).length,
        inputTotal: sum((usage) => usage.inputTotal),
        read: sum((usage) => usage.read),
        written: {
          total: sum((usage) => usage.written.total),
          "5m": sum((usage) => usage.written["5m"]),
          "1h": sum((usage) => usage.written["1h"]),
        },
        uncached: sum((usage) => usage.uncached),
        cost: counted.reduce((total, entry) => total + (entry.cost ?? 0), 0),
        costWithoutCache: sum((usage) => usage.inputTotal),
        costUsd: priced
          ? counted.reduce((total, entry) => total + (entry.costUsd ?? 0), 0)
          : undefined,
      };
    },
  };
}
