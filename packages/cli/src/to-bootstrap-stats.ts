import type { RenderRun } from "./render-run.js";

/** One bootstrap file's accounting, as `render --json` and `context` report it. */
export interface BootstrapStat {
  readonly name: string;
  readonly path: string;
  readonly status: "ok" | "truncated" | "missing" | "skipped";
  readonly rawChars: number;
  readonly injectedChars: number;
  readonly limitedBy: "per-file" | "total" | null;
}

/** The accounting every output shows for a run's bootstrap files, in load order. */
export function toBootstrapStats(run: RenderRun): BootstrapStat[] {
  return run.bootstrap.map((file) => ({
    name: file.name,
    path: file.path,
    status: file.status,
    rawChars: file.rawChars,
    injectedChars: file.injectedChars,
    limitedBy: file.limitedBy,
  }));
}
