import type { CacheMissCause } from "@promptstack/providers";
import { formatNumber } from "../output/format-number.js";
import { formatTable } from "../output/format-table.js";
import type { TableCell } from "../output/format-table.js";
import type { Styler } from "../output/create-styler.js";
import type { CacheLedgerReport } from "./build-cache-ledger-report.js";

function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole}s`;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return [
    hours > 0 ? `${hours}h` : "",
    minutes > 0 ? `${minutes}m` : "",
    rest > 0 ? `${rest}s` : "",
  ]
    .filter((part) => part !== "")
    .join(" ");
}

/** A cause in words: `changed tool read`, `expired (6m 1s > 5m)`. */
export function formatCacheMissCause(cause: CacheMissCause): string {
  switch (cause.kind) {
    case "none":
      return "";
    case "changed":
      if (cause.area === "tools") return `changed: tool ${cause.part}`;
      if (cause.area === "system") return `changed: system ${cause.part}`;
      return `changed: message ${cause.part} block ${cause.block ?? 0}`;
    case "expired":
      return `expired (${formatSeconds(cause.elapsedSeconds)} > ${formatSeconds(cause.ttlSeconds)})`;
    case "below-minimum":
      return `below minimum (${formatNumber(cause.prefixTokens)} < ${formatNumber(cause.minimumTokens)} tokens)`;
    case "unexplained":
      return "unexplained (provider side: routing or eviction)";
  }
}

function tokens(value: number | null): string {
  return value === null ? "?" : formatNumber(value);
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "0%" : `${((part / whole) * 100).toFixed(1)}%`;
}

function formatPrices(report: CacheLedgerReport): string[] {
  return report.facts.map((row) => {
    const { prices } = row;
    const models = row.models.join(", ");
    return `  ${row.provider} [${models}]: minimum ${formatNumber(row.minimumPrefixTokens)} tokens, read ${prices.read}×, write 5m ${prices.write5m}× / 1h ${prices.write1h}× / unsplit ${prices.write}×; as of ${row.asOf} (${row.source})`;
  });
}

/**
 * The text form of `cache-ledger`: one row per request (time, model, read, written, uncached,
 * expected, cause; misses marked), then totals, the cost at the facts rows' prices and the rows
 * themselves with their date and source.
 */
export function formatCacheLedgerReport(report: CacheLedgerReport, styler: Styler): string {
  const rows: TableCell[][] = report.requests.map((request) => {
    const cause = formatCacheMissCause(request.cause);
    return [
      String(request.index),
      request.at.slice(11, 19),
      request.model,
      tokens(request.read),
      tokens(request.written),
      tokens(request.uncached),
      formatNumber(request.expected),
      request.miss
        ? { text: `MISS ${cause}`, style: styler.yellow }
        : request.read === null
          ? "usage unreadable"
          : "",
    ];
  });
  const table = formatTable(
    [
      { header: "#", align: "right" },
      { header: "at (UTC)" },
      { header: "model" },
      { header: "read", align: "right" },
      { header: "written", align: "right" },
      { header: "uncached", align: "right" },
      { header: "expected", align: "right" },
      { header: "cause" },
    ],
    rows,
    styler.bold,
  );
  const { totals } = report;
  const saved = totals.costWithoutCache - totals.cost;
  const lines = [
    `cache ledger: ${report.file}`,
    "",
    table,
    "",
    `requests ${formatNumber(totals.requests)}, misses ${formatNumber(totals.misses)}`,
    `input ${formatNumber(totals.inputTotal)} tokens: read ${formatNumber(totals.read)} (${percent(totals.read, totals.inputTotal)}), written ${formatNumber(totals.written.total)} (5m ${formatNumber(totals.written["5m"])}, 1h ${formatNumber(totals.written["1h"])}), uncached ${formatNumber(totals.uncached)}`,
    `cost ${formatNumber(Math.round(totals.cost))} input-token equivalents (without cache ${formatNumber(totals.costWithoutCache)}; ${saved >= 0 ? "saved" : "lost"} ${percent(Math.abs(saved), totals.costWithoutCache)})${
      totals.costUsd === undefined ? "" : `, $${totals.costUsd.toFixed(4)}`
    }`,
    "prices and rules (override with createCacheLedger({ facts })):",
    ...formatPrices(report),
  ];
  return `${lines.join("\n")}\n`;
}
