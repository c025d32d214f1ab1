import type { AgentBootstrapFile, AgentTurn } from "@promptstack/agent";
import { parseRunFacts } from "@promptstack/config";
import type { RunFacts } from "@promptstack/config";
import { TEST_TURN_FACTS } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import {
  findUnseenEdit,
  planPrefixSession,
  toCacheReportPrefix,
  toSimulatedTimes,
} from "./build-cache-report-prefix.js";
import type { PrefixSessionPlan } from "./build-cache-report-prefix.js";

function factsAt(time: { date: string; time?: string }): RunFacts {
  return parseRunFacts({ ...TEST_TURN_FACTS, time: { timeZone: "Europe/Lisbon", ...time } });
}

/** A turn whose prompt shows bootstrap files in these states (all `findUnseenEdit` reads). */
function turnWith(files: readonly Pick<AgentBootstrapFile, "name" | "status">[]): AgentTurn {
  return { bootstrap: { files } } as unknown as AgentTurn;
}

const NOV_30_0915 = Date.UTC(2026, 10, 30, 9, 15);
const NOV_30_MIDNIGHT = Date.UTC(2026, 10, 30);

describe("toSimulatedTimes", () => {
  it("starts at the facts' date and time (read as UTC), one minute between turns", () => {
    expect(toSimulatedTimes(factsAt({ date: "2026-11-30", time: "09:15" }), 3)).toEqual([
      NOV_30_0915,
      NOV_30_0915 + 60_000,
      NOV_30_0915 + 120_000,
    ]);
  });

  it("starts at midnight of the date without a time, or with one in other wording", () => {
    expect(toSimulatedTimes(factsAt({ date: "2026-11-30" }), 2)).toEqual([
      NOV_30_MIDNIGHT,
      NOV_30_MIDNIGHT + 60_000,
    ]);
    expect(toSimulatedTimes(factsAt({ date: "2026-11-30", time: "9am" }), 2)).toEqual([
      NOV_30_MIDNIGHT,
      NOV_30_MIDNIGHT + 60_000,
    ]);
  });
});

describe("planPrefixSession", () => {
  const facts = factsAt({ date: "2026-11-30", time: "09:15" });

  it("generated facts: live by default, a simulated clock, no compactions, no edits", () => {
    expect(planPrefixSession({}, [facts, facts])).toEqual({
      policy: "live",
      times: [NOV_30_0915, NOV_30_0915 + 60_000],
      compacted: [false, false],
    });
    expect(planPrefixSession({}, [])).toEqual({ policy: "live", compacted: [] });
  });

  it("--facts-dir: the files' own times; compactions and edits every n turns", () => {
    expect(
      planPrefixSession(
        { factsDir: "turns", prefixPolicy: "session", compactEvery: 2, editEvery: 3 },
        [facts, facts, facts],
      ),
    ).toEqual({
      policy: "session",
      compacted: [false, false, true],
      edit: { file: "MEMORY.md", every: 3 },
    });
  });
});

describe("toCacheReportPrefix", () => {
  it("names the turn gap only when the plan sets the clock", () => {
    const plan: PrefixSessionPlan = { policy: "session", compacted: [] };
    expect(toCacheReportPrefix(plan, [])).toEqual({
      policy: "session",
      turnGapMs: null,
      editEvery: null,
      editFile: null,
      turns: [],
    });
    expect(toCacheReportPrefix({ ...plan, times: [] }, [])).toMatchObject({ turnGapMs: 60_000 });
  });
});

describe("findUnseenEdit", () => {
  const plan: PrefixSessionPlan = {
    policy: "session",
    compacted: [],
    edit: { file: "MEMORY.md", every: 1 },
  };
  const unseen = {
    code: "CLI_CACHE_REPORT_EDIT_UNSEEN",
    severity: "warning",
    message:
      "--edit-file MEMORY.md is not a file the prompt shows, so its edits change nothing the model sees.",
    path: "--edit-file",
    hint: "Edit a bootstrap file the prompt injects: MEMORY.md (the default), AGENTS.md, SOUL.md, USER.md, ...",
  };

  it("says nothing when the last turn shows the edited file, whole or truncated", () => {
    for (const status of ["ok", "truncated"] as const) {
      const turns = [
        turnWith([{ name: "MEMORY.md", status: "missing" }]),
        turnWith([
          { name: "AGENTS.md", status: "ok" },
          { name: "MEMORY.md", status },
        ]),
      ];
      expect(findUnseenEdit(plan, turns), status).toBeUndefined();
    }
  });

  it("warns when the last turn does not show it: missing, skipped, or not a bootstrap file", () => {
    for (const files of [
      [{ name: "MEMORY.md", status: "missing" }],
      [{ name: "MEMORY.md", status: "skipped" }],
      [{ name: "AGENTS.md", status: "ok" }],
    ] as const) {
      expect(findUnseenEdit(plan, [turnWith(files)])).toEqual(unseen);
    }
    const shownThenNot = [
      turnWith([{ name: "MEMORY.md", status: "ok" }]),
      turnWith([{ name: "MEMORY.md", status: "ok" }]),
      turnWith([{ name: "MEMORY.md", status: "skipped" }]),
    ];
    expect(findUnseenEdit(plan, shownThenNot)).toEqual(unseen);
  });

  it("says nothing without edits or without turns", () => {
    const turns = [turnWith([])];
    expect(findUnseenEdit({ policy: "live", compacted: [] }, turns)).toBeUndefined();
    expect(findUnseenEdit(plan, [])).toBeUndefined();
  });
});
