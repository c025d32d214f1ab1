import type { RenderRun, RenderRunBootstrapFile } from "../inputs/render-run.js";

/** One bootstrap file's accounting, as `render --json` and `context` report it. */
export type BootstrapStat = Pick<
  RenderRunBootstrapFile,
  "name" | "path" | "status" | "rawChars" | "injectedChars" | "limitedBy"
>;

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
