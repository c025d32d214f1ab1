import { formatCacheSimulationTable } from "@promptstack/providers";
import type { CacheSimulation } from "@promptstack/providers";
import type { Styler } from "../output/create-styler.js";
import { escapeTerminalText } from "../output/escape-terminal-text.js";
import type { CacheReport } from "./build-cache-report.js";

function share(counts: CacheSimulation["fromTurnTwo"]): string {
  const { cachedTokens, inputTokens } = counts;
  return inputTokens === 0 ? "-" : `${((100 * cachedTokens) / inputTokens).toFixed(1)}%`;
}

/**
 * The text form of `cache-report`: one table per provider (both layouts side by side, per turn,
 * in total and for turns 2..N), then one summary line per provider. Every number an estimate.
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
  lines.push("");
  for (const provider of providers) {
    const simulations = report.simulations.filter((s) => s.provider === provider);
    const parts = simulations.map((s) => `${s.layout} ${share(s.fromTurnTwo)}`);
    lines.push(
      `${provider}: turns 2-${report.turns} served from cache: ${parts.join(", ")} (estimate).`,
    );
    const requests = simulations[0]?.requests.length ?? 0;
    if (requests > report.turns) {
      const all = simulations.map((s) => `${s.layout} ${share(s.afterFirstRequest)}`);
      lines.push(
        `${provider}: requests 2-${requests} (tool steps${report.compactEvery === null ? "" : " and compactions"} included) served from cache: ${all.join(", ")} (estimate).`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
