import type { CacheMissCause } from "@promptstack/providers";
import { describe, expect, it } from "vitest";
import { createStyler } from "../output/create-styler.js";
import type { CacheLedgerReport } from "./build-cache-ledger-report.js";
import { formatCacheLedgerReport, formatCacheMissCause } from "./format-cache-ledger-report.js";

const expired = (elapsedSeconds: number, ttlSeconds: number): CacheMissCause => ({
  kind: "expired",
  elapsedSeconds,
  ttlSeconds,
});

describe("formatCacheMissCause", () => {
  it.each<[CacheMissCause, string]>([
    [{ kind: "none" }, ""],
    [{ kind: "changed", area: "tools", part: "read", offset: 3 }, "changed: tool read"],
    [{ kind: "changed", area: "system", part: "stable", offset: 0 }, "changed: system stable"],
    [
      { kind: "changed", area: "messages", part: 4, block: 2, offset: 9 },
      "changed: message 4 block 2",
    ],
    [{ kind: "changed", area: "messages", part: 1, offset: 0 }, "changed: message 1 block 0"],
    [expired(361, 300), "expired (6m 1s > 5m)"],
    [expired(0.4, 300), "expired (0s > 5m)"],
    [expired(59.4, 30), "expired (59s > 30s)"],
    [expired(59.6, 30), "expired (1m > 30s)"],
    [expired(3661, 3600), "expired (1h 1m 1s > 1h)"],
    [expired(7205, 3600), "expired (2h 5s > 1h)"],
    [
      { kind: "below-minimum", prefixTokens: 1000, minimumTokens: 1024 },
      "below minimum (1,000 < 1,024 tokens)",
    ],
    [{ kind: "unexplained" }, "unexplained (provider side: routing or eviction)"],
  ])("%j reads %j", (cause, text) => {
    expect(formatCacheMissCause(cause)).toBe(text);
  });
});

describe("formatCacheLedgerReport", () => {
  const PLAIN = createStyler({ isTTY: false, env: {} });
  const EMPTY: CacheLedgerReport = {
    file: "ledger.jsonl",
    requests: [],
    totals: {
      requests: 0,
      misses: 0,
      inputTotal: 0,
      read: 0,
      written: { total: 0, "5m": 0, "1h": 0 },
      uncached: 0,
      cost: 0,
      costWithoutCache: 0,
      costUsd: undefined,
    },
    facts: [],
    diagnostics: [],
  };
  /** The totals lines: requests, input, cost. */
  const totalsOf = (report: CacheLedgerReport): string[] =>
    formatCacheLedgerReport(report, PLAIN).split("\n").slice(4, 7);

  it("no input reads as 0%, and a cost equal to the uncached one saved 0%", () => {
    expect(totalsOf(EMPTY)).toEqual([
      "requests 0, misses 0",
      "input 0 tokens: read 0 (0%), written 0 (5m 0, 1h 0), uncached 0",
      "cost 0 input-token equivalents (without cache 0; saved 0%)",
    ]);
    const even = {
      ...EMPTY.totals,
      inputTotal: 100,
      uncached: 100,
      cost: 100,
      costWithoutCache: 100,
    };
    expect(totalsOf({ ...EMPTY, totals: even })[2]).toBe(
      "cost 100 input-token equivalents (without cache 100; saved 0.0%)",
    );
  });

  it("adds the dollar cost when every row has a price", () => {
    const totals = {
      ...EMPTY.totals,
      inputTotal: 100,
      read: 80,
      uncached: 20,
      cost: 28,
      costWithoutCache: 100,
      costUsd: 0.00042,
    };
    expect(totalsOf({ ...EMPTY, totals })).toEqual([
      "requests 0, misses 0",
      "input 100 tokens: read 80 (80.0%), written 0 (5m 0, 1h 0), uncached 20",
      "cost 28 input-token equivalents (without cache 100; saved 72.0%), $0.0004",
    ]);
  });
});
