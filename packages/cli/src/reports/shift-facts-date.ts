import type { RunFacts } from "@promptstack/config";
import { CliError } from "../cli-error.js";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `base` with `time.date` moved `days` days forward. The Time Context section shows the calendar
 * date only (no clock time), so the date is the per-turn fact that moves: a changing value below
 * the cache boundary, the case where the `system-tail` layout loses its history cache.
 */
export function shiftFactsDate(base: RunFacts, days: number, shown: string): RunFacts {
  const match = ISO_DATE.exec(base.time.date);
  if (match === null) {
    throw new CliError(
      "CLI_FACTS_INVALID",
      `${shown}: time.date "${base.time.date}" is not a YYYY-MM-DD date, so per-turn dates cannot be generated.`,
      {
        path: shown,
        hint: "Give time.date as YYYY-MM-DD, or pass --facts-dir with one facts file per turn.",
      },
    );
  }
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return { ...base, time: { ...base.time, date: date.toISOString().slice(0, 10) } };
}
