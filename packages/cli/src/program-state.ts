import type { LazyTokenCounter } from "./inputs/create-lazy-token-counter.js";

/**
 * What one CLI run holds: its outcome, and what commands share within the run. Created by
 * `runCli` for each run; commands set `exitCode` when they finish with a failure.
 */
export interface ProgramState {
  exitCode: number;
  /** The run's o200k counter; only outputs that show token counts load it. */
  readonly tokenCounter: LazyTokenCounter;
}
