import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import type { MutantResult, StrykerOptions } from "@stryker-mutator/api/core";
import { describe, expect, it } from "vitest";
import { formatUndetectedMutant, SurvivorsReporter } from "./survivors-reporter.mjs";

const location = { start: { line: 2, column: 7 }, end: { line: 2, column: 12 } };

describe("formatUndetectedMutant", () => {
  it("names the file from the root, the place, status, mutator and replacement, then the line", () => {
    expect(
      formatUndetectedMutant(
        {
          fileName: "/repo/packages/core/src/a.ts",
          location,
          status: "Survived",
          mutatorName: "EqualityOperator",
          replacement: "a <= b",
        },
        "  if (a < b) {",
        "/repo",
      ),
    ).toBe(
      'packages/core/src/a.ts:2:7 [Survived] EqualityOperator: "a <= b"\n    | if (a < b) {\n',
    );
  });
});

describe("SurvivorsReporter", () => {
  it("starts an empty file next to the JSON report and appends only undetected mutants", () => {
    const dir = createTempDir("survivors-reporter-");
    const source = join(dir, "a.ts");
    writeFileSync(source, "const a = 1;\nif (a < b) {\n}\n");
    writeFileSync(join(dir, "pkg.survivors.txt"), "left from an earlier run\n");
    const reporter = new SurvivorsReporter({
      jsonReporter: { fileName: join(dir, "pkg.json") },
    } as unknown as StrykerOptions);
    const result = (status: string, replacement: string) =>
      ({
        fileName: source,
        location,
        status,
        mutatorName: "EqualityOperator",
        replacement,
      }) as unknown as MutantResult;
    reporter.onMutantTested(result("Killed", "killed"));
    reporter.onMutantTested(result("Survived", "survived"));
    reporter.onMutantTested(result("Timeout", "timeout"));
    reporter.onMutantTested(result("NoCoverage", "uncovered"));
    const text = readFileSync(join(dir, "pkg.survivors.txt"), "utf8");
    expect(text.split("\n").filter((line) => !line.startsWith("    |"))).toEqual([
      expect.stringMatching(/a\.ts:2:7 \[Survived\] EqualityOperator: "survived"$/),
      expect.stringMatching(/a\.ts:2:7 \[NoCoverage\] EqualityOperator: "uncovered"$/),
      "",
    ]);
    expect(text).toContain("    | if (a < b) {\n");
  });

  it("creates the report folder when a fresh clone has none", () => {
    const dir = join(createTempDir("survivors-reporter-"), "reports", "mutation");
    new SurvivorsReporter({
      jsonReporter: { fileName: join(dir, "pkg.json") },
    } as unknown as StrykerOptions);
    expect(readFileSync(join(dir, "pkg.survivors.txt"), "utf8")).toBe("");
  });
});
