/**
 * Mutation testing (`pnpm test:mutation [package...]`): runs StrykerJS with the vitest runner on
 * one package at a time (every package when none is named), writes the standard
 * mutation-testing report JSON to `reports/mutation/<package>.json` and prints a summary table.
 *
 * This file is the one Stryker configuration of the repository, parametrised by package
 * (`buildStrykerOptions`). The tests Stryker runs are the package's own (`stryker/vitest.config.ts`).
 * Incremental mode keeps each package's previous results in `stryker/incremental/` (committed, so
 * a fresh clone and CI start from main's results), and a re-run after a small change only tests
 * the mutants the change touched. `--changed-since <ref>`
 * picks the packages whose files differ from `ref` (what CI runs on a pull request). `--mutate
 * <glob>` runs part of one package and merges the results into its incremental file
 * (`mergeIncrementalReport`), so a large package can be measured a few files at a time.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import {
  findUnlistedSurvivors,
  formatUnlistedSurvivors,
  parseListedMutants,
} from "./find-unlisted-survivors.js";
import type { ReportMutant } from "./find-unlisted-survivors.js";
import { minimatch } from "minimatch";
import { mergeIncrementalReport } from "./merge-incremental-report.js";
import type { IncrementalReport } from "./merge-incremental-report.js";

/** The packages under `packages/`, sorted. */
export function listPackages(root: string): string[] {
  return readdirSync(join(root, "packages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, "packages", entry.name, "src")))
    .map((entry) => entry.name)
    .sort();
}

/** What the command line asks for. */
export interface MutationArguments {
  readonly packages: readonly string[];
  /** A git ref: run the packages whose files differ from it. */
  readonly changedSince?: string;
  readonly concurrency: number;
  /** Test every mutant again, ignoring the incremental results. */
  readonly force: boolean;
  /** Mutate only these files of the one package named (a glob from the repository root). */
  readonly mutate?: string;
}

/**
 * Parses `[package...] [--changed-since <ref>] [--concurrency <n>] [--force] [--mutate <glob>]`;
 * throws on a bad one. Pure.
 */
export function parseMutationArguments(
  argv: readonly string[],
  knownPackages: readonly string[],
): MutationArguments {
  const packages: string[] = [];
  let changedSince: string | undefined;
  let concurrency = 1;
  let force = false;
  let mutate: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === "--force") {
      force = true;
    } else if (
      argument === "--changed-since" ||
      argument === "--concurrency" ||
      argument === "--mutate"
    ) {
      const value = argv[++index];
      if (value === undefined) throw new Error(`${argument} needs a value`);
      if (argument === "--changed-since") changedSince = value;
      else if (argument === "--mutate") mutate = value;
      else {
        concurrency = Number(value);
        if (!Number.isInteger(concurrency) || concurrency < 1) {
          throw new Error(`--concurrency must be a positive integer, got "${value}"`);
        }
      }
    } else if (argument.startsWith("-")) {
      throw new Error(`unknown option "${argument}"`);
    } else if (knownPackages.includes(argument)) {
      packages.push(argument);
    } else {
      throw new Error(`unknown package "${argument}"; known: ${knownPackages.join(", ")}`);
    }
  }
  if (changedSince !== undefined && packages.length > 0) {
    throw new Error("name packages or pass --changed-since, not both");
  }
  if (mutate !== undefined) {
    if (packages.length !== 1) throw new Error("--mutate needs exactly one package named");
    if (!mutate.startsWith(`packages/${packages[0]}/src/`)) {
      throw new Error(
        `--mutate takes files of packages/${packages[0]}/src/ (a glob from the repository root), got "${mutate}"`,
      );
    }
  }
  return {
    packages: packages.length === 0 && changedSince === undefined ? [...knownPackages] : packages,
    ...(changedSince === undefined ? {} : { changedSince }),
    concurrency,
    force,
    ...(mutate === undefined ? {} : { mutate }),
  };
}

/**
 * The packages a list of changed repository paths touches, in `knownPackages` order: a path under
 * `packages/<name>/` counts for `<name>`. Pure.
 */
export function toChangedPackages(
  changedPaths: readonly string[],
  knownPackages: readonly string[],
): string[] {
  const touched = new Set(
    changedPaths.map((path) => /^packages\/([^/]+)\//.exec(path)?.[1]).filter((name) => !!name),
  );
  return knownPackages.filter((name) => touched.has(name));
}

/**
 * Where one package's report (git-ignored) and incremental file (committed: the baseline the next
 * run starts from) go, relative to the repository root.
 */
export function mutationReportPaths(packageName: string): { report: string; incremental: string } {
  return {
    report: `reports/mutation/${packageName}.json`,
    incremental: `stryker/incremental/${packageName}.json`,
  };
}

/**
 * The Stryker options for one package: its `src/**` files except tests and the re-exporting
 * `index.ts` are mutated; its own tests run, with per-test coverage, in a sandbox copy of the
 * repository. Pure.
 */
export function buildStrykerOptions(
  packageName: string,
  options: {
    readonly concurrency: number;
    readonly force: boolean;
    readonly vitestRunnerPlugin: string;
    /** `stryker/survivors-reporter.mjs`: streams undetected mutants to a text file. */
    readonly survivorsReporterPlugin: string;
    /** Only these files (a glob from the repository root) instead of all of `src/`. */
    readonly mutate?: string;
  },
): Record<string, unknown> {
  const paths = mutationReportPaths(packageName);
  return {
    packageManager: "pnpm",
    testRunner: "vitest",
    plugins: [options.vitestRunnerPlugin, options.survivorsReporterPlugin],
    vitest: { configFile: "stryker/vitest.config.ts", related: false },
    mutate: [
      options.mutate ?? `packages/${packageName}/src/**/*.ts`,
      `!packages/${packageName}/src/**/*.test.ts`,
      `!packages/${packageName}/src/index.ts`,
    ],
    coverageAnalysis: "perTest",
    // A static mutant (module-level code: schemas, tables, constants) is covered by every test of
    // the package, so each one reruns them all: hours on config. They are reported as ignored.
    ignoreStatic: true,
    checkers: [],
    // vitest never type-checks, so Stryker's `// @ts-nocheck` headers buy nothing; and its default
    // pattern also rewrites the `<script>` of HTML files, the inspect page's golden files included.
    disableTypeChecks: false,
    concurrency: options.concurrency,
    // A loaded shared machine stretches test times; a generous factor avoids false timeouts.
    timeoutFactor: 3,
    timeoutMS: 10_000,
    incremental: true,
    // Incremental mode reuses a static mutant's result even when tests changed (it has no
    // per-test coverage to compare): --force tests everything again.
    force: options.force,
    incrementalFile: paths.incremental,
    // `survivors` appends each undetected mutant to `reports/mutation/<package>.survivors.txt`
    // while the run goes on; the JSON report is written at the end.
    reporters: ["json", "progress", "survivors"],
    jsonReporter: { fileName: paths.report },
    ignorePatterns: [
      "/reports",
      "/stryker/incremental",
      "/.tmp",
      "dist",
      ".turbo",
      "coverage",
      "*.tgz",
    ],
    tempDirName: ".stryker-tmp",
    cleanTempDir: true,
  };
}

/** The counts of one package's report. `score` is Stryker's: detected / valid, in percent. */
export interface MutationSummary {
  readonly packageName: string;
  readonly total: number;
  readonly killed: number;
  readonly timeout: number;
  readonly survived: number;
  readonly noCoverage: number;
  /** Compile and runtime errors and ignored mutants: not part of the score. */
  readonly invalid: number;
  readonly score: number;
}

interface MutationReportJson {
  readonly files: Record<string, { readonly mutants: readonly ReportMutant[] }>;
  /** Per test file, the tests Stryker's dry run found (with per-test coverage). */
  readonly testFiles?: Record<string, { readonly tests: readonly unknown[] }> | null;
}

/**
 * A package's test files that the mutation run ran no test of: a test file that fails to load in
 * Stryker's sandbox (for instance because a mutant is a syntax error, such as an invalid regular
 * expression, in a module it imports) is dropped without failing the dry run, and every mutant
 * only it covers then reads as "no coverage". Paths are relative to the repository root. Pure.
 */
export function findSilentTestFiles(
  testFiles: readonly string[],
  report: MutationReportJson,
): string[] {
  const ran = report.testFiles ?? {};
  return testFiles.filter((file) => (ran[file]?.tests.length ?? 0) === 0);
}

/** The test files of a package that stryker/vitest.config.ts includes, sorted. */
function listPackageTestFiles(root: string, packageName: string): string[] {
  const files: string[] = [];
  for (const folder of ["src", "test"]) {
    const base = join("packages", packageName, folder);
    if (!existsSync(join(root, base))) continue;
    for (const entry of readdirSync(join(root, base), { recursive: true, encoding: "utf8" })) {
      const file = `${base}/${entry.split(sep).join("/")}`;
      if (file.endsWith(".test.ts") && !file.startsWith(`packages/${packageName}/test/browser/`)) {
        files.push(file);
      }
    }
  }
  return files.sort();
}

/** Counts the mutants of a mutation-testing report (the JSON the json reporter writes). Pure. */
export function summarizeMutationReport(
  packageName: string,
  report: MutationReportJson,
): MutationSummary {
  const counts = new Map<string, number>();
  let total = 0;
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) {
      counts.set(mutant.status, (counts.get(mutant.status) ?? 0) + 1);
      total++;
    }
  }
  const killed = counts.get("Killed") ?? 0;
  const timeout = counts.get("Timeout") ?? 0;
  const survived = counts.get("Survived") ?? 0;
  const noCoverage = counts.get("NoCoverage") ?? 0;
  const valid = killed + timeout + survived + noCoverage;
  return {
    packageName,
    total,
    killed,
    timeout,
    survived,
    noCoverage,
    invalid: total - valid,
    score: valid === 0 ? 100 : ((killed + timeout) / valid) * 100,
  };
}

/** A markdown table of summaries, one row per package. Pure. */
export function formatMutationSummaryTable(summaries: readonly MutationSummary[]): string {
  const header = ["package", "score", "killed", "timeout", "survived", "no coverage", "invalid"];
  const rows = summaries.map((summary) => [
    summary.packageName,
    `${summary.score.toFixed(2)}%`,
    String(summary.killed),
    String(summary.timeout),
    String(summary.survived),
    String(summary.noCoverage),
    String(summary.invalid),
  ]);
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  return [
    line(header),
    `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`,
    ...rows.map(line),
  ].join("\n");
}

async function runMutationTests(root: string, argv: readonly string[]): Promise<void> {
  const knownPackages = listPackages(root);
  const parsed = parseMutationArguments(argv, knownPackages);
  const packages =
    parsed.changedSince === undefined
      ? parsed.packages
      : toChangedPackages(
          execFileSync("git", ["diff", "--name-only", `${parsed.changedSince}...HEAD`], {
            cwd: root,
            encoding: "utf8",
          })
            .split("\n")
            .filter((path) => path !== ""),
          knownPackages,
        );
  if (packages.length === 0) {
    process.stdout.write("test:mutation: no package to mutate\n");
    return;
  }
  const { Stryker } = await import("@stryker-mutator/core");
  const vitestRunnerPlugin = fileURLToPath(import.meta.resolve("@stryker-mutator/vitest-runner"));
  const survivorsReporterPlugin = join(root, "stryker", "survivors-reporter.mjs");
  const summaries: MutationSummary[] = [];
  const notes: string[] = [];
  for (const packageName of packages) {
    process.stdout.write(`\ntest:mutation: ${packageName}\n`);
    // Read by stryker/vitest.config.ts, in this process and in Stryker's test-runner workers.
    process.env["PROMPTSTACK_MUTATION_PACKAGE"] = packageName;
    const started = Date.now();
    const paths = mutationReportPaths(packageName);
    const earlier =
      parsed.mutate !== undefined && !parsed.force && existsSync(join(root, paths.incremental))
        ? (JSON.parse(readFileSync(join(root, paths.incremental), "utf8")) as IncrementalReport)
        : undefined;
    await new Stryker(
      buildStrykerOptions(packageName, {
        concurrency: parsed.concurrency,
        force: parsed.force,
        vitestRunnerPlugin,
        survivorsReporterPlugin,
        ...(parsed.mutate === undefined ? {} : { mutate: parsed.mutate }),
      }),
    ).runMutationTest();
    if (earlier !== undefined) {
      // The run wrote only the files it mutated: put the earlier results of the others back.
      const partial = JSON.parse(
        readFileSync(join(root, paths.incremental), "utf8"),
      ) as IncrementalReport;
      const glob = parsed.mutate!;
      const merged = mergeIncrementalReport(earlier, partial, {
        mutated: (path) => minimatch(path, glob),
        exists: (path) => existsSync(join(root, path)),
      });
      const text = JSON.stringify(merged.report, null, 2);
      writeFileSync(join(root, paths.incremental), text);
      writeFileSync(join(root, paths.report), text);
      notes.push(
        `${packageName}: merged with the earlier results of the files not mutated: ` +
          `${merged.kept} mutants kept, ${merged.dropped} dropped (their tests changed)`,
      );
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const report = JSON.parse(
      readFileSync(join(root, mutationReportPaths(packageName).report), "utf8"),
    ) as MutationReportJson;
    summaries.push(summarizeMutationReport(packageName, report));
    const silent = findSilentTestFiles(listPackageTestFiles(root, packageName), report);
    if (silent.length > 0) {
      notes.push(
        `${packageName}: SCORE NOT TRUSTED: ${silent.length} test files ran no test in the mutation ` +
          `run (did a module fail to load in Stryker's sandbox?): ${silent.join(", ")}`,
      );
      process.exitCode = 1;
    }
    const unlisted = findUnlistedSurvivors(
      packageName,
      report,
      parseListedMutants(readFileSync(join(root, "stryker", "equivalent-mutants.md"), "utf8")),
    );
    const unlistedFile = mutationReportPaths(packageName).report.replace(
      /\.json$/,
      ".unlisted.txt",
    );
    writeFileSync(join(root, unlistedFile), formatUnlistedSurvivors(unlisted));
    notes.push(
      `${packageName}: ${unlisted.length} undetected mutants not in stryker/equivalent-mutants.md` +
        (unlisted.length === 0 ? "" : ` (${unlistedFile})`),
    );
    process.stdout.write(`test:mutation: ${packageName} took ${seconds} s\n`);
  }
  process.stdout.write(`\n${formatMutationSummaryTable(summaries)}\n\n${notes.join("\n")}\n`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  process.chdir(root);
  runMutationTests(root, process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(
      `test:mutation: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  });
}
