/**
 * Cold-import benchmark (`pnpm bench:import`): how long a fresh Node process takes to import each
 * published package from its built `dist/`. Every sample is a new `node` process that times one
 * `await import(...)` (wall clock and the process's CPU time), so module loading, compilation and
 * every top-level statement of the package and its dependencies count, and nothing is warm.
 *
 * Rounds visit the targets in turn (round-robin), so a load spike on a shared machine hits every
 * target alike. Two floors: `(empty module)` (a `data:` URL) is what any import pays on this
 * machine and load; `(empty file)` adds what the first import of a file pays (Node's file
 * loader starting up), which every package import pays too.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** One thing to import: a label and a specifier resolvable from the repo root. */
export interface ImportTarget {
  readonly label: string;
  readonly specifier: string;
}

/** The published packages the import targets cover, lowest layer first. */
export const COLD_IMPORT_PACKAGES: readonly string[] = Object.freeze([
  "renderer",
  "providers",
  "config",
  "bootstrap",
  "skills",
  "agent",
  "harness-codex",
]);

/** What one import costs: wall-clock and CPU (user + system) milliseconds. */
export interface ImportSample {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** Median, 99th percentile (nearest rank) and extremes of `values`. */
export interface SampleSummary {
  readonly median: number;
  readonly p99: number;
  readonly min: number;
  readonly max: number;
}

/** Summarizes samples; throws on an empty list. Pure. */
export function summarizeSamples(values: readonly number[]): SampleSummary {
  if (values.length === 0) throw new Error("summarizeSamples: no samples");
  const sorted = [...values].sort((left, right) => left - right);
  const middle = sorted.length >> 1;
  const median =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const rank = Math.max(1, Math.ceil(0.99 * sorted.length));
  return { median, p99: sorted[rank - 1]!, min: sorted[0]!, max: sorted.at(-1)! };
}

/**
 * The script a child process runs: import `specifier` once and print `{ wallMs, cpuMs }` as JSON.
 * Pure (returns source text).
 */
export function buildImportProbe(specifier: string): string {
  return [
    "const cpu = process.cpuUsage();",
    "const start = performance.now();",
    `await import(${JSON.stringify(specifier)});`,
    "const wallMs = performance.now() - start;",
    "const used = process.cpuUsage(cpu);",
    "process.stdout.write(JSON.stringify({ wallMs, cpuMs: (used.user + used.system) / 1000 }));",
  ].join("\n");
}

/** A Markdown table of median and p99 per target, wall and CPU. Pure. */
export function formatImportTable(
  rows: readonly { readonly label: string; readonly samples: readonly ImportSample[] }[],
): string {
  const ms = (value: number) => value.toFixed(1);
  const lines = [
    "| import | wall median | wall p99 | cpu median | cpu p99 | runs |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const { label, samples } of rows) {
    const wall = summarizeSamples(samples.map((sample) => sample.wallMs));
    const cpu = summarizeSamples(samples.map((sample) => sample.cpuMs));
    lines.push(
      `| ${label} | ${ms(wall.median)} ms | ${ms(wall.p99)} ms | ${ms(cpu.median)} ms | ${ms(cpu.p99)} ms | ${samples.length} |`,
    );
  }
  return lines.join("\n");
}

function parseSample(output: string, label: string): ImportSample {
  const parsed = JSON.parse(output) as Partial<ImportSample>;
  if (typeof parsed.wallMs !== "number" || typeof parsed.cpuMs !== "number") {
    throw new Error(`bench:import: ${label} printed ${JSON.stringify(output)}`);
  }
  return { wallMs: parsed.wallMs, cpuMs: parsed.cpuMs };
}

function measure(target: ImportTarget, root: string): ImportSample {
  const output = execFileSync(
    process.execPath,
    ["--input-type=module", "-e", buildImportProbe(target.specifier)],
    // No NODE_OPTIONS: a `--conditions=@promptstack/source` there would import the sources.
    { cwd: root, encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } },
  );
  return parseSample(output, target.label);
}

function parseArguments(argv: readonly string[]): { runs: number; only: string[] } {
  let runs = 30;
  const only: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === "--runs") runs = Number(argv[++index]);
    else if (argument.startsWith("--runs=")) runs = Number(argument.slice("--runs=".length));
    else only.push(argument);
  }
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error("bench:import: --runs takes a whole number of at least 1");
  }
  return { runs, only };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const { runs, only } = parseArguments(process.argv.slice(2));
  const packages = only.length === 0 ? COLD_IMPORT_PACKAGES : only;
  for (const name of packages) {
    if (!existsSync(`${root}packages/${name}/dist/index.js`)) {
      process.stderr.write(
        `bench:import: packages/${name}/dist/index.js is missing; run \`pnpm build\` first.\n`,
      );
      process.exit(1);
    }
  }
  const scratch = mkdtempSync(join(tmpdir(), "promptstack-bench-import-"));
  const emptyFile = join(scratch, "empty.mjs");
  writeFileSync(emptyFile, "export {};\n");
  const targets: ImportTarget[] = [
    { label: "(empty module)", specifier: "data:text/javascript,export{}" },
    { label: "(empty file)", specifier: pathToFileURL(emptyFile).href },
    ...packages.map((name) => ({
      label: `@promptstack/${name}`,
      specifier: `@promptstack/${name}`,
    })),
  ];
  const samples = targets.map(() => [] as ImportSample[]);
  try {
    for (let round = 0; round < runs; round++) {
      targets.forEach((target, index) => samples[index]!.push(measure(target, root)));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  process.stdout.write(
    `Cold import from dist/, ${runs} fresh processes per row (Node ${process.version}):\n\n`,
  );
  process.stdout.write(
    formatImportTable(targets.map((target, index) => ({ ...target, samples: samples[index]! }))) +
      "\n",
  );
}
