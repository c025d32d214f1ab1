// @ts-check
// JavaScript, not TypeScript: Stryker loads every plugin in its test-runner processes as well,
// and those import without a TypeScript loader.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { commonTokens, declareClassPlugin, PluginKind } from "@stryker-mutator/api/plugin";

/** @typedef {import("@stryker-mutator/api/report").Reporter} Reporter */

/** The statuses worth a look: a test should have caught the mutant. */
export const UNDETECTED = new Set(["Survived", "NoCoverage"]);

/**
 * `file:line:column [status] mutator: "replacement"` (the replacement cut to 80 characters), the
 * line both the survivors stream and `test:mutation`'s unlisted list write. Pure.
 *
 * @param {{ file: string, line: number, column: number, status: string, mutatorName: string, replacement: string }} mutant
 * @returns {string}
 */
export function formatMutantLine(mutant) {
  const replacement = JSON.stringify(mutant.replacement).slice(0, 80);
  return `${mutant.file}:${mutant.line}:${mutant.column} [${mutant.status}] ${mutant.mutatorName}: ${replacement}`;
}

/**
 * One line per undetected mutant, then its original source line:
 * `src/file.ts:12:7 [Survived] ConditionalExpression: "true"` / `    | if (a < b) {`. Pure.
 *
 * @param {Pick<import("@stryker-mutator/api/core").MutantResult, "fileName" | "location" | "status" | "mutatorName" | "replacement">} result
 * @param {string} sourceLine
 * @param {string} root
 * @returns {string}
 */
export function formatUndetectedMutant(result, sourceLine, root) {
  const { line, column } = result.location.start;
  const place = formatMutantLine({
    file: relative(root, result.fileName),
    line,
    column,
    status: result.status,
    mutatorName: result.mutatorName,
    replacement: result.replacement ?? "",
  });
  return `${place}\n    | ${sourceLine.trim().slice(0, 110)}\n`;
}

/**
 * A Stryker reporter (`survivors`) that appends each surviving or uncovered mutant to
 * `<jsonReporter.fileName without .json>.survivors.txt` as soon as it is tested, so the tests
 * for them can be written while a long run goes on (the JSON report appears only at the end).
 *
 * @implements {Reporter}
 */
export class SurvivorsReporter {
  static inject = [commonTokens.options];
  /** @type {Map<string, readonly string[]>} */
  #sources = new Map();
  /** @type {string} */
  #fileName;

  /** @param {import("@stryker-mutator/api/core").StrykerOptions} options */
  constructor(options) {
    const jsonReporter = /** @type {{ fileName?: string } | undefined} */ (options["jsonReporter"]);
    const jsonFile = jsonReporter?.fileName ?? "reports/mutation/mutation.json";
    this.#fileName = `${jsonFile.replace(/\.json$/, "")}.survivors.txt`;
    // Stryker's own reporters create the report folder only at the end; a fresh clone has none.
    mkdirSync(dirname(this.#fileName), { recursive: true });
    writeFileSync(this.#fileName, "");
  }

  /** @param {Readonly<import("@stryker-mutator/api/core").MutantResult>} result */
  onMutantTested(result) {
    if (!UNDETECTED.has(result.status)) return;
    let lines = this.#sources.get(result.fileName);
    if (lines === undefined) {
      lines = readFileSync(result.fileName, "utf8").split("\n");
      this.#sources.set(result.fileName, lines);
    }
    const sourceLine = lines[result.location.start.line - 1] ?? "";
    appendFileSync(this.#fileName, formatUndetectedMutant(result, sourceLine, process.cwd()));
  }
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.Reporter, "survivors", SurvivorsReporter),
];
