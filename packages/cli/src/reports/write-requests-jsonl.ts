import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { CacheSimulation } from "@promptstack/providers";

/**
 * One JSONL line per simulated request, `{"provider","layout","turn","step","body"}`, the body
 * exactly as the builder would send it (Anthropic Messages; OpenAI Responses).
 */
export function formatRequestsJsonl(simulations: readonly CacheSimulation[]): string {
  const lines: string[] = [];
  for (const simulation of simulations) {
    for (const request of simulation.requests) {
      lines.push(
        JSON.stringify({
          provider: simulation.provider,
          layout: simulation.layout,
          turn: request.turn,
          step: request.step,
          body: request.body,
        }),
      );
    }
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

/** Writes the simulated requests to `file` (see `formatRequestsJsonl`), creating its folder. */
export async function writeRequestsJsonl(
  file: string,
  simulations: readonly CacheSimulation[],
): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, formatRequestsJsonl(simulations), "utf8");
}
