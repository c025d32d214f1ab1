import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  buildStrykerOptions,
  findSilentTestFiles,
  formatMutationSummaryTable,
  listPackages,
  parseMutationArguments,
  summarizeMutationReport,
  toChangedPackages,
} from "./mutation-test.js";

const PACKAGES = ["bootstrap", "config", "safe-read"];

describe("parseMutationArguments", () => {
  it("runs every package when none is named, one at a time", () => {
    expect(parseMutationArguments([], PACKAGES)).toEqual({
      packages: PACKAGES,
      concurrency: 1,
      force: false,
    });
  });

  it("takes named packages, a concurrency and a ref to compare against", () => {
    expect(
      parseMutationArguments(["safe-read", "--concurrency", "2", "--force"], PACKAGES),
    ).toEqual({ packages: ["safe-read"], concurrency: 2, force: true });
    expect(parseMutationArguments(["--changed-since", "origin/main"], PACKAGES)).toEqual({
      packages: [],
      changedSince: "origin/main",
      concurrency: 1,
      force: false,
    });
  });

  it("refuses unknown packages and options, bad values, and packages with --changed-since", () => {
    expect(() => parseMutationArguments(["nope"], PACKAGES)).toThrow(/unknown package "nope"/);
    expect(() => parseMutationArguments(["--fast"], PACKAGES)).toThrow(/unknown option/);
    expect(() => parseMutationArguments(["--concurrency", "0"], PACKAGES)).toThrow(/positive/);
    expect(() => parseMutationArguments(["--changed-since"], PACKAGES)).toThrow(/needs a value/);
    expect(() => parseMutationArguments(["config", "--changed-since", "HEAD~1"], PACKAGES)).toThrow(
      /not both/,
    );
  });
});

describe("parseMutationArguments --mutate", () => {
  it("takes a glob of the one package's src/", () => {
    expect(
      parseMutationArguments(["config", "--mutate", "packages/config/src/legacy/**"], PACKAGES),
    ).toEqual({
      packages: ["config"],
      concurrency: 1,
      force: false,
      mutate: "packages/config/src/legacy/**",
    });
  });

  it("refuses it without exactly one package, or for files outside that package's src/", () => {
    expect(() =>
      parseMutationArguments(["--mutate", "packages/config/src/a.ts"], PACKAGES),
    ).toThrow("--mutate needs exactly one package named");
    expect(() =>
      parseMutationArguments(
        ["config", "safe-read", "--mutate", "packages/config/src/a.ts"],
        PACKAGES,
      ),
    ).toThrow("--mutate needs exactly one package named");
    expect(() =>
      parseMutationArguments(["config", "--mutate", "packages/safe-read/src/a.ts"], PACKAGES),
    ).toThrow(
      '--mutate takes files of packages/config/src/ (a glob from the repository root), got "packages/safe-read/src/a.ts"',
    );
    expect(() => parseMutationArguments(["config", "--mutate"], PACKAGES)).toThrow(
      "--mutate needs a value",
    );
  });
});

describe("toChangedPackages", () => {
  it("keeps the packages a changed path lies in, in package order", () => {
    expect(
      toChangedPackages(
        [
          "packages/safe-read/src/read-bounded-file.ts",
          "docs/configuration.md",
          "packages/config/README.md",
          "packages/safe-read/package.json",
          "packages/gone/src/x.ts",
          "packages",
        ],
        PACKAGES,
      ),
    ).toEqual(["config", "safe-read"]);
    expect(toChangedPackages(["README.md"], PACKAGES)).toEqual([]);
  });
});

describe("listPackages", () => {
  it("lists the repository's packages, sorted", () => {
    const packages = listPackages(fileURLToPath(new URL("..", import.meta.url)));
    expect(packages).toContain("safe-read");
    expect(packages).toEqual([...packages].sort());
  });
});

describe("buildStrykerOptions", () => {
  it("mutates the package's sources but not its tests or index, and writes its own report", () => {
    const options = buildStrykerOptions("safe-read", {
      concurrency: 2,
      force: false,
      vitestRunnerPlugin: "/runner.js",
      survivorsReporterPlugin: "/survivors.ts",
    });
    expect(options).toMatchObject({
      testRunner: "vitest",
      plugins: ["/runner.js", "/survivors.ts"],
      reporters: ["json", "progress", "survivors"],
      vitest: { configFile: "stryker/vitest.config.ts" },
      mutate: [
        "packages/safe-read/src/**/*.ts",
        "!packages/safe-read/src/**/*.test.ts",
        "!packages/safe-read/src/index.ts",
      ],
      concurrency: 2,
      incremental: true,
      force: false,
      incrementalFile: "stryker/incremental/safe-read.json",
      jsonReporter: { fileName: "reports/mutation/safe-read.json" },
      // Golden HTML files must reach the tests byte for byte.
      disableTypeChecks: false,
    });
  });

  it("mutates only the files of a --mutate glob, still leaving out tests and the index", () => {
    const options = buildStrykerOptions("safe-read", {
      concurrency: 1,
      force: false,
      vitestRunnerPlugin: "/runner.js",
      survivorsReporterPlugin: "/survivors.ts",
      mutate: "packages/safe-read/src/watch/**",
    });
    expect(options["mutate"]).toEqual([
      "packages/safe-read/src/watch/**",
      "!packages/safe-read/src/**/*.test.ts",
      "!packages/safe-read/src/index.ts",
    ]);
  });
});

describe("summarizeMutationReport", () => {
  const mutants = (statuses: string[]) => statuses.map((status) => ({ status }));

  it("counts statuses across files and scores detected over valid mutants", () => {
    const summary = summarizeMutationReport("safe-read", {
      files: {
        "a.ts": { mutants: mutants(["Killed", "Killed", "Survived", "Timeout", "Ignored"]) },
        "b.ts": { mutants: mutants(["NoCoverage", "CompileError", "RuntimeError", "Killed"]) },
      },
    });
    expect(summary).toEqual({
      packageName: "safe-read",
      total: 9,
      killed: 3,
      timeout: 1,
      survived: 1,
      noCoverage: 1,
      invalid: 3,
      score: (4 / 6) * 100,
    });
  });

  it("scores a report without valid mutants 100", () => {
    expect(summarizeMutationReport("x", { files: {} }).score).toBe(100);
  });
});

describe("formatMutationSummaryTable", () => {
  it("prints one aligned markdown row per package", () => {
    const table = formatMutationSummaryTable([
      {
        packageName: "safe-read",
        total: 10,
        killed: 8,
        timeout: 1,
        survived: 1,
        noCoverage: 0,
        invalid: 0,
        score: 90,
      },
    ]);
    expect(table.split("\n")).toEqual([
      "| package   | score  | killed | timeout | survived | no coverage | invalid |",
      "| --------- | ------ | ------ | ------- | -------- | ----------- | ------- |",
      "| safe-read | 90.00% | 8      | 1       | 1        | 0           | 0       |",
    ]);
  });
});

describe("findSilentTestFiles", () => {
  it("names the test files the run ran no test of, in the given order", () => {
    const report = {
      files: {},
      testFiles: {
        "packages/a/src/x.test.ts": { tests: [{ id: "0" }] },
        "packages/a/test/y.test.ts": { tests: [] },
      },
    };
    expect(
      findSilentTestFiles(
        ["packages/a/src/x.test.ts", "packages/a/test/y.test.ts", "packages/a/test/z.test.ts"],
        report,
      ),
    ).toEqual(["packages/a/test/y.test.ts", "packages/a/test/z.test.ts"]);
    expect(
      findSilentTestFiles(["packages/a/src/x.test.ts"], { files: {}, testFiles: null }),
    ).toEqual(["packages/a/src/x.test.ts"]);
  });
});
