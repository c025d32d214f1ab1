import { formatCacheSimulationTable } from "@promptstack/providers";
import type { CacheSimulation } from "@promptstack/providers";
import type { Styler } from "../output/create-styler.js";
import { escapeTerminalText } from "../output/escape-terminal-text.js";
import type { CacheReport } from "./build-cache-report.js";

function share(simulation: CacheSimulation): string {
  const { cachedTokens, inputTokens } = simulation.fromTurnTwo;
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
    const parts = simulations.map((s) => `${s.layout} ${share(s)}`);
    lines.push(
      `${provider}: turns 2-${report.turns} served from cache: ${parts.join(", ")} (estimate).`,
    );
  }
  return `${lines.join("\n")}\n`;
}
