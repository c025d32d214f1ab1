/**
 * Render benchmark by rounds (`pnpm bench:rounds`), the method issue 17 states its targets in:
 * each round times a batch of calls per scenario and takes the mean per call; scenarios alternate
 * within a round, so a load spike hits all alike; the report is the median (and the slowest) of
 * the rounds. A second pass then times single calls (scenarios alternating call by call) and
 * reports their median and p99, the two figures the issue asks for; a single call's time holds
 * the clock read too (tens of nanoseconds). `vitest bench` (`pnpm bench`) samples single calls
 * as well and prints p75 and p99 but no median. Runs the renderer's sources; the scenario is
 * bench/render-scenario.ts.
 *   tsx --conditions=@promptstack/source packages/renderer/bench/render-rounds.ts [rounds]
 */
import { buildAgentSystemPrompt, compileAgentSystemPrompt } from "../src/index.js";
import type { AgentSystemPromptInput } from "../src/index.js";
import { STABLE, VARIANTS } from "./render-scenario.js";

const ROUNDS = Number(process.argv[2] ?? 15);
const BATCH = 20_000;

const inputs = (mode: "full" | "minimal"): AgentSystemPromptInput[] =>
  VARIANTS.map((volatile) => ({ ...STABLE, mode, volatile }));
const FULL = inputs("full");
const MINIMAL = inputs("minimal");
const COMPILED_FULL = compileAgentSystemPrompt({ ...STABLE, mode: "full" });
const COMPILED_MINIMAL = compileAgentSystemPrompt({ ...STABLE, mode: "minimal" });

let sink = 0;
const SCENARIOS: Record<string, (index: number) => void> = {
  "full render, typical": (i) => (sink += buildAgentSystemPrompt(FULL[i % 1000]!).boundary),
  "minimal render": (i) => (sink += buildAgentSystemPrompt(MINIMAL[i % 1000]!).boundary),
  "per turn on a compiled prefix, typical full": (i) =>
    (sink += COMPILED_FULL.render(VARIANTS[i % 1000]).boundary),
  "per turn on a compiled prefix, minimal": (i) =>
    (sink += COMPILED_MINIMAL.render(VARIANTS[i % 1000]).boundary),
};

const samples: Record<string, number[]> = {};
for (const name of Object.keys(SCENARIOS)) samples[name] = [];
for (let round = -2; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(SCENARIOS)) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < BATCH; i++) run(i);
    const perCall = Number(process.hrtime.bigint() - start) / BATCH / 1000;
    if (round >= 0) samples[name]!.push(perCall); // two warm-up rounds are not reported
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
console.log(`${ROUNDS} rounds of ${BATCH} calls per scenario (µs per call)`);
for (const [name, values] of Object.entries(samples)) {
  console.log(
    `${name.padEnd(46)} median ${median(values).toFixed(2).padStart(6)}  min ${Math.min(...values)
      .toFixed(2)
      .padStart(6)}  max ${Math.max(...values)
      .toFixed(2)
      .padStart(6)}`,
  );
}

// Single calls, alternating scenarios call by call after the rounds have warmed everything up.
const SINGLE_CALLS = 20_000;
const runs = Object.entries(SCENARIOS);
const calls: Record<string, Float64Array> = {};
for (const [name] of runs) calls[name] = new Float64Array(SINGLE_CALLS);
for (let i = 0; i < SINGLE_CALLS; i++) {
  for (const [name, run] of runs) {
    const start = process.hrtime.bigint();
    run(i);
    calls[name]![i] = Number(process.hrtime.bigint() - start) / 1000;
  }
}
const quantile = (values: Float64Array, q: number) => {
  const sorted = values.slice().sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
console.log(`${SINGLE_CALLS} single calls per scenario (µs per call)`);
for (const [name, values] of Object.entries(calls)) {
  const median = quantile(values, 0.5).toFixed(2).padStart(6);
  const p99 = quantile(values, 0.99).toFixed(2).padStart(6);
  console.log(`${name.padEnd(46)} median ${median}  p99 ${p99}`);
}
if (sink === 0) console.log("(sink)");
