import { pickBootstrapStat } from "../inputs/pick-run-fields.js";
import type { BootstrapStat } from "../inputs/pick-run-fields.js";
import type { RenderRun } from "../inputs/render-run.js";

export type { BootstrapStat } from "../inputs/pick-run-fields.js";

/** The accounting every output shows for a run's bootstrap files, in load order. */
export function toBootstrapStats(run: RenderRun): BootstrapStat[] {
  return run.bootstrap.map(pickBootstrapStat);
}
