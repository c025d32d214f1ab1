import { formatCacheSimulationTable } from "@promptstack/providers";
import type { CacheSimulation } from "@promptstack/providers";
import type { Styler } from "../output/create-styler.js";
import { escapeTerminalText } from "../output/escape-terminal-text.js";
import type { CacheReport } from "./build-cache-report.js";
import type { CacheReportPrefix } from "./build-cache-report-prefix.js";

function share(counts: CacheSimulation["fromTurnTwo"]): string {
  const { cachedTokens, inputTokens } = counts;
  return inputTokens === 0 ? "-" : `${((100 * cachedTokens) / inputTokens).toFixed(1)}%`;
}

/**
 * The text form of `cache-report`: one table per provider (both layouts side by side, per turn,
 * in total and for turns 2..N), then per provider the share of turns 2..N served from cache (none
 * for one turn) and, when a turn holds several requests, of requests 2..N. Every number an
 * estimate.
 */
export function formatCacheReport(report: CacheReport, styler: Styler): string {
  const lines = [
    styler.bold(
      `Cache report (an estimate): ${report.turns} turns, user messages of about ${report.userTokens} tokens, replies of about ${report.assistantTokens}.`,
    ),
    ...(report.toolRounds === 0 && report.compactEvery === null
      ? []
      : [
          `Each turn: ${report.toolRounds} tool round(s) with results of about ${report.toolResultTokens} tokens${report.compactEvery === null ? "" : `; the history compacted every ${report.compactEvery} turns`}. Table rows add up every request of a turn.`,
        ]),
    `Per-turn facts: ${escapeTerminalText(report.factsSource)}.`,
    ...formatPrefixPlan(report.prefix),
    "Columns: input tokens of the request, read from cache, written to cache, billed in full, share read from cache.",
  ];
  const providers = [...new Set(report.simulations.map((s) => s.provider))];
  for (const provider of providers) {
    const simulations = report.simulations.filter((s) => s.provider === provider);
    lines.push(
      "",
      styler.bold(`${provider} (${escapeTerminalText(simulations[0]!.model)})`),
      formatCacheSimulationTable(simulations),
    );
  }
  const shares: string[] = [];
  for (const provider of providers) {
    const simulations = report.simulations.filter((s) => s.provider === provider);
    if (report.turns > 1) {
      const parts = simulations.map((s) => `${s.layout} ${share(s.fromTurnTwo)}`);
      shares.push(
        `${provider}: turns 2-${report.turns} served from cache: ${parts.join(", ")} (estimate).`,
      );
    }
    const requests = simulations[0]?.requests.length ?? 0;
    if (requests > report.turns) {
      const all = simulations.map((s) => `${s.layout} ${share(s.afterFirstRequest)}`);
      shares.push(
        `${provider}: requests 2-${requests} (tool steps${report.compactEvery === null ? "" : " and compactions"} included) served from cache: ${all.join(", ")} (estimate).`,
      );
    }
  }
  if (shares.length > 0) lines.push("", ...shares);
  lines.push(...formatPrefixTurns(report.prefix));
  return `${lines.join("\n")}\n`;
}

/** The policy and the edits, in one or two lines above the tables. */
function formatPrefixPlan(prefix: CacheReportPrefix): string[] {
  const gap =
    prefix.turnGapMs === null
      ? "turn times from the facts files"
      : `turns ${prefix.turnGapMs / 60_000} min apart`;
  const lines = [
    prefix.policy === "live"
      ? `Prefix policy: live (every edit changes the stable prefix at once).`
      : `Prefix policy: session (the prefix stays pinned; edits reach the model as change notes; ${gap}).`,
  ];
  if (prefix.editFile !== null && prefix.editEvery !== null) {
    lines.push(
      `Edits: a line appended to ${escapeTerminalText(prefix.editFile)} before turns ${prefix.editEvery + 1}, ${2 * prefix.editEvery + 1}, ... (in a temp copy of the workspace; the workspace itself is not touched).`,
    );
  }
  return lines;
}

/**
 * Per turn with an edit, a refresh or a change note: one line; then the first change note as the
 * model receives it. Nothing under `live` without edits.
 */
function formatPrefixTurns(prefix: CacheReportPrefix): string[] {
  const lines: string[] = [];
  for (const turn of prefix.turns) {
    const parts = [
      ...(turn.edited === null ? [] : [`${turn.edited} edited before it`]),
      ...(turn.refreshed === null ? [] : [`prefix pinned (${turn.refreshed})`]),
      ...(turn.changes.length === 0
        ? []
        : [
            `change note (${turn.note.length} chars): ${turn.changes
              .map((change) => `${change.name} ${change.change}`)
              .join(", ")}`,
          ]),
    ];
    if (parts.length > 0)
      lines.push(`  turn ${turn.turn}: ${escapeTerminalText(parts.join("; "))}`);
  }
  if (lines.length === 0) return [];
  const first = prefix.turns.find((turn) => turn.note !== "");
  return [
    "",
    "Prefix by turn (turn-context render):",
    ...lines,
    ...(first === undefined
      ? []
      : [
          "",
          `The change note of turn ${first.turn}, as the model receives it:`,
          ...first.note.split("\n").map((line) => `    ${escapeTerminalText(line)}`),
        ]),
  ];
}
