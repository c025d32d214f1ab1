import { describe, expect, it } from "vitest";
import { mergeIncrementalReport } from "./merge-incremental-report.js";
import type { IncrementalReport } from "./merge-incremental-report.js";

const location = { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } };

// The earlier run: two source files, two test files; test ids as that run numbered them.
const earlier: IncrementalReport = {
  schemaVersion: "2",
  files: {
    "src/a.ts": {
      mutants: [{ id: "0", status: "Killed", coveredBy: ["0", "1"], killedBy: ["0"], location }],
    },
    "src/b.ts": {
      mutants: [
        { id: "1", status: "Killed", coveredBy: ["1"], killedBy: ["1"], location },
        { id: "2", status: "Survived", coveredBy: ["2"], location },
        { id: "3", status: "NoCoverage", coveredBy: [], location },
        { id: "4", status: "Ignored", location },
      ],
    },
  },
  testFiles: {
    "test/one.test.ts": {
      source: "one",
      tests: [
        { id: "0", name: "a works" },
        { id: "1", name: "b works" },
      ],
    },
    "test/two.test.ts": { source: "two", tests: [{ id: "2", name: "b edge" }] },
  },
};

// Every file still exists, and the run's glob matched src/a.ts only.
const QUESTIONS = { mutated: (path: string) => path === "src/a.ts", exists: () => true };

// This run mutated src/a.ts only; it numbered the tests its own way.
function partialRun(twoSource: string): IncrementalReport {
  return {
    schemaVersion: "2",
    files: {
      "src/a.ts": {
        mutants: [{ id: "0", status: "Survived", coveredBy: ["7"], location }],
      },
    },
    testFiles: {
      "test/one.test.ts": {
        source: "one",
        tests: [
          { id: "5", name: "b works" },
          { id: "7", name: "a works" },
        ],
      },
      "test/two.test.ts": { source: twoSource, tests: [{ id: "6", name: "b edge" }] },
    },
  };
}

describe("mergeIncrementalReport", () => {
  it("keeps the run's files and puts back the others, their test ids in the run's numbering", () => {
    const partial = partialRun("two");
    expect(mergeIncrementalReport(earlier, partial, QUESTIONS)).toStrictEqual({
      report: {
        ...partial,
        files: {
          "src/a.ts": partial.files["src/a.ts"],
          "src/b.ts": {
            mutants: [
              { id: "1", status: "Killed", coveredBy: ["5"], killedBy: ["5"], location },
              { id: "2", status: "Survived", coveredBy: ["6"], location },
              { id: "3", status: "NoCoverage", coveredBy: [], location },
              { id: "4", status: "Ignored", location },
            ],
          },
        },
      },
      kept: 4,
      dropped: 0,
    });
  });

  it("drops a mutant whose test file changed since, so the next run tests it again", () => {
    const { report, kept, dropped } = mergeIncrementalReport(
      earlier,
      partialRun("two, edited"),
      QUESTIONS,
    );
    expect(report.files["src/b.ts"]?.mutants.map((mutant) => mutant.status)).toEqual([
      "Killed",
      "NoCoverage",
      "Ignored",
    ]);
    expect([kept, dropped]).toEqual([3, 1]);
  });

  it("drops a mutant whose test is gone, and one whose test the earlier report does not name", () => {
    const partial = partialRun("two");
    const withoutBWorks: IncrementalReport = {
      ...partial,
      testFiles: {
        ...partial.testFiles,
        "test/one.test.ts": { source: "one", tests: [{ id: "7", name: "a works" }] },
      },
    };
    expect(mergeIncrementalReport(earlier, withoutBWorks, QUESTIONS).dropped).toBe(1);
    const unnamed: IncrementalReport = {
      ...earlier,
      files: { "src/c.ts": { mutants: [{ id: "9", status: "Survived", coveredBy: ["42"] }] } },
    };
    expect(mergeIncrementalReport(unnamed, partial, QUESTIONS)).toMatchObject({
      kept: 0,
      dropped: 1,
    });
  });

  it("numbers the kept mutants after the run's, so no two share an id", () => {
    const partial: IncrementalReport = {
      ...partialRun("two"),
      files: { "src/a.ts": { mutants: [{ id: "12", status: "Killed", killedBy: ["7"] }] } },
    };
    const ids = Object.values(
      mergeIncrementalReport(earlier, partial, QUESTIONS).report.files,
    ).flatMap((file) => file.mutants.map((mutant) => mutant.id));
    expect(ids).toEqual(["12", "13", "14", "15", "16"]);
  });

  it("keeps nothing of a file the run mutated or that is gone", () => {
    const partial: IncrementalReport = { ...partialRun("two"), files: {} };
    // The run's glob matched both files; src/a.ts has no mutant left, so the run names neither.
    expect(
      mergeIncrementalReport(earlier, partial, { mutated: () => true, exists: () => true }),
    ).toStrictEqual({ report: partial, kept: 0, dropped: 0 });
    expect(
      mergeIncrementalReport(earlier, partial, {
        mutated: () => false,
        exists: (path) => path === "src/a.ts",
      }).report.files,
    ).toStrictEqual({
      "src/a.ts": {
        mutants: [{ id: "0", status: "Killed", coveredBy: ["7", "5"], killedBy: ["7"], location }],
      },
    });
  });

  it("keeps the run's own result for a file it reports, whatever the glob answers", () => {
    const partial = partialRun("two");
    const merged = mergeIncrementalReport(earlier, partial, {
      mutated: () => false,
      exists: () => true,
    });
    expect(merged.report.files["src/a.ts"]).toBe(partial.files["src/a.ts"]);
  });
});
