import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import type { MutantResult, StrykerOptions } from "@stryker-mutator/api/core";
import { commonTokens, declareClassPlugin, PluginKind } from "@stryker-mutator/api/plugin";
import type { Reporter } from "@stryker-mutator/api/report";

/** The statuses worth a look: a test should have caught the mutant. */
const UNDETECTED = new Set(["Survived", "NoCoverage"]);

/**
 * One line per undetected mutant, then its original source line:
 * `src/file.ts:12:7 [Survived] ConditionalExpression: "true"` / `    | if (a < b) {`. Pure.
 */
export function formatUndetectedMutant(
  result: Pick<MutantResult, "fileName" | "location" | "status" | "mutatorName" | "replacement">,
  sourceLine: string,
  root: string,
): string {
  const { line, column } = result.location.start;
  const replacement = JSON.stringify(result.replacement ?? "").slice(0, 80);
  return (
    `${relative(root, result.fileName)}:${line}:${column} [${result.status}] ` +
    `${result.mutatorName}: ${replacement}\n    | ${sourceLine.trim().slice(0, 110)}\n`
  );
}

/**
 * A Stryker reporter (`survivors`) that appends each surviving or uncovered mutant to
 * `<jsonReporter.fileName without .json>.survivors.txt` as soon as it is tested, so the tests
 * for them can be written while a long run goes on (the JSON report appears only at the end).
 */
export class SurvivorsReporter implements Reporter {
  static readonly inject = [commonTokens.options];
  private readonly fileName: string;
  private readonly sources = new Map<string, readonly string[]>();

  constructor(options: StrykerOptions) {
    const jsonFile = String(
      (options["jsonReporter"] as { fileName?: string } | undefined)?.fileName ??
        "reports/mutation/mutation.json",
    );
    this.fileName = jsonFile.replace(/\.json$/, "") + ".survivors.txt";
    writeFileSync(this.fileName, "");
  }

  onMutantTested(result: Readonly<MutantResult>): void {
    if (!UNDETECTED.has(result.status)) return;
    let lines = this.sources.get(result.fileName);
    if (lines === undefined) {
      lines = readFileSync(result.fileName, "utf8").split("\n");
      this.sources.set(result.fileName, lines);
    }
    const sourceLine = lines[result.location.start.line - 1] ?? "";
    appendFileSync(this.fileName, formatUndetectedMutant(result, sourceLine, process.cwd()));
  }
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.Reporter, "survivors", SurvivorsReporter),
];
