import { readFile } from "node:fs/promises";
import { parseRunFacts } from "@promptstack/config";
import { thrownBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { shiftFactsDate } from "./shift-facts-date.js";

const raw = JSON.parse(
  await readFile(
    new URL("../../../../fixtures/cli/facts/telegram-direct.json", import.meta.url),
    "utf8",
  ),
) as { time: object };
const base = parseRunFacts(
  { ...raw, time: { date: "2026-11-29", time: "08:05", timeZone: "Europe/Stockholm" } },
  { source: "test" },
);

describe("shiftFactsDate", () => {
  it("moves only the date, across month and year ends", () => {
    expect(shiftFactsDate(base, 0, "f").time).toEqual(base.time);
    expect(shiftFactsDate(base, 2, "f").time).toEqual({ ...base.time, date: "2026-12-01" });
    expect(shiftFactsDate(base, 33, "f").time.date).toBe("2027-01-01");
    expect(shiftFactsDate(base, 5, "f").channel).toEqual(base.channel);
  });

  // A YYYY-MM-DD date with more text on either side is no date either.
  it.each(["29 Nov 2026", "2026-11-29T08:05", "on 2026-11-29"])(
    "refuses the date %j it cannot move, naming the file",
    (date) => {
      const odd = { ...base, time: { ...base.time, date } };
      const error = thrownBy(() => shiftFactsDate(odd, 1, "facts.json"));
      expect(CliError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: "CLI_FACTS_INVALID",
        message: `facts.json: time.date "${date}" is not a YYYY-MM-DD date, so per-turn dates cannot be generated.`,
        path: "facts.json",
        hint: "Give time.date as YYYY-MM-DD, or pass --facts-dir with one facts file per turn.",
      });
    },
  );
});
