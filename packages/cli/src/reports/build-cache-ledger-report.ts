import { createCacheLedger } from "@promptstack/providers";
import type {
  CacheFactsRow,
  CacheLedgerEntry,
  CacheLedgerTotals,
  CacheMissCause,
} from "@promptstack/providers";
import type { Diagnostic } from "@promptstack/core";
import type { CacheLedgerLine } from "./parse-cache-ledger-lines.js";

/** One request of `cache-ledger --json`; token fields are `null` when the usage was unreadable. */
export interface CacheLedgerReportRequest {
  /** Position in the file's requests, from 0. */
  readonly index: number;
  /** Line of the file, from 1. */
  readonly line: number;
  readonly provider: string;
  readonly model: string;
  readonly at: string;
  readonly lineage: string;
  readonly inputTotal: number | null;
  readonly read: number | null;
  /** Every token written, whatever its lifetime. */
  readonly written: number | null;
  readonly writtenByTtl: { readonly "5m": number; readonly "1h": number } | null;
  readonly uncached: number | null;
  readonly expected: number;
  readonly miss: boolean;
  readonly cause: CacheMissCause;
  /** In uncached-input-token equivalents at the facts row's prices. */
  readonly cost: number | null;
}

/** What `cache-ledger --json` prints. */
export interface CacheLedgerReport {
  readonly file: string;
  readonly requests: readonly CacheLedgerReportRequest[];
  readonly totals: CacheLedgerTotals;
  /** The facts rows the requests used (minimums, TTLs, prices), each with its source and date. */
  readonly facts: readonly CacheFactsRow[];
  readonly diagnostics: readonly (Diagnostic & { readonly line: number })[];
}

function toReportRequest(entry: CacheLedgerEntry, line: number): CacheLedgerReportRequest {
  const { usage } = entry;
  return {
    index: entry.index,
    line,
    provider: entry.provider,
    model: entry.model,
    at: entry.at,
    lineage: entry.lineage,
    inputTotal: usage?.inputTotal ?? null,
    read: usage?.read ?? null,
    written: usage?.written.total ?? null,
    writtenByTtl:
      usage === undefined ? null : { "5m": usage.written["5m"], "1h": usage.written["1h"] },
    uncached: usage?.uncached ?? null,
    expected: entry.expected,
    miss: entry.miss,
    cause: entry.cause,
    cost: entry.cost ?? null,
  };
}

/**
 * Records the file's requests in one `createCacheLedger` in file order and shapes the result for
 * printing: per request, the normalized usage, the simulation's expectation and the named cause;
 * the totals; the facts rows used; the diagnostics with their line.
 */
export function buildCacheLedgerReport(
  lines: readonly CacheLedgerLine[],
  displayPath: string,
): CacheLedgerReport {
  const ledger = createCacheLedger();
  const entries = lines.map(({ request }) => ledger.record(request));
  const facts = [...new Set(entries.map((entry) => entry.facts))];
  return {
    file: displayPath,
    requests: entries.map((entry, index) => toReportRequest(entry, lines[index]!.line)),
    totals: ledger.totals(),
    facts,
    diagnostics: entries.flatMap((entry, index) =>
      entry.diagnostics.map((diagnostic) => ({ ...diagnostic, line: lines[index]!.line })),
    ),
  };
}
