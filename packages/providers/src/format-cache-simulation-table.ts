import type { CacheSimulation, CacheTokenCounts } from "./simulate-conversation-cache.js";

function percent(counts: CacheTokenCounts): string {
  if (counts.inputTokens === 0) return "-";
  return `${((100 * counts.cachedTokens) / counts.inputTokens).toFixed(1)}%`;
}

function row(label: string, counts: readonly CacheTokenCounts[]): string[] {
  return [
    label,
    ...counts.flatMap((c) => [
      String(c.inputTokens),
      String(c.cachedTokens),
      String(c.cacheWriteTokens),
      String(c.uncachedTokens),
      percent(c),
    ]),
  ];
}

/**
 * Formats simulations of the same turns side by side as a Markdown table: per turn and in total,
 * input tokens, read from cache, written, billed in full, and the cached share; plus turns 2..N.
 */
export function formatCacheSimulationTable(simulations: readonly CacheSimulation[]): string {
  const header = [
    "turn",
    ...simulations.flatMap((s) => {
      const name = `${s.provider} ${s.layout}`;
      return [`${name} input`, "cached", "written", "full", "% cached"];
    }),
  ];
  const turnCount = Math.max(0, ...simulations.map((s) => s.turns.length));
  const rows: string[][] = [header, header.map(() => "---")];
  for (let index = 0; index < turnCount; index++) {
    rows.push(
      row(
        String(index + 1),
        simulations.map(
          (s) =>
            s.turns[index] ?? {
              inputTokens: 0,
              cachedTokens: 0,
              cacheWriteTokens: 0,
              uncachedTokens: 0,
            },
        ),
      ),
    );
  }
  rows.push(
    row(
      "total",
      simulations.map((s) => s.total),
    ),
  );
  // Turns 2..N are what a cache can serve; a one-turn conversation has none.
  if (turnCount > 1) {
    rows.push(
      row(
        `turns 2-${turnCount}`,
        simulations.map((s) => s.fromTurnTwo),
      ),
    );
  }
  const counters = [
    ...new Set(
      simulations.map(
        (s) => `${s.tokenCounter.name}${s.tokenCounter.estimate ? ", estimate" : ""}`,
      ),
    ),
  ];
  const lines = rows.map((cells) => `| ${cells.join(" | ")} |`);
  lines.push(
    "",
    `Token counts: ${counters.join("; ")}. Simulated under SPEC §11 rules; an estimate, not a bill.`,
  );
  return lines.join("\n");
}
