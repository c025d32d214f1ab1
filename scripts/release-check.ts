/**
 * `pnpm release:check`: proves the packages work the way users consume them — as tarballs.
 *
 * Builds every package, packs it with pnpm, checks each tarball (manifest, file list, publint),
 * installs all tarballs with plain npm into a temp project outside the workspace, then runs an
 * ESM consumer script, type-checks a TypeScript consumer against the installed types, runs the
 * installed `promptstack` bin, measures cold import times, and measures the install size of
 * three consumers against `scripts/release-footprint-baseline.json` (fails over +20%;
 * `--update-footprint` rewrites the baseline).
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { publint } from "publint";
import { compareFootprint } from "./compare-footprint.js";
import type { Footprint } from "./compare-footprint.js";
import { formatMessage } from "publint/utils";
import {
  inspectPackedFiles,
  inspectPackedManifest,
  inspectReadmeLinks,
  listExportedFiles,
  toRepositoryWebUrl,
} from "./inspect-packed-package.js";
import type { PackedManifest } from "./inspect-packed-package.js";
import {
  CONSUMER_ESM,
  CONSUMER_TS,
  SAMPLE_FACTS,
  SAMPLE_WORKSPACE,
} from "./release-check-consumer.js";

/** Package folders in dependency order. */
export const RELEASE_PACKAGES: readonly string[] = [
  "core",
  "renderer",
  "safe-read",
  "o200k",
  "config",
  "bootstrap",
  "skills",
  "providers",
  "agent",
  "harness-codex",
  "cli",
];

interface PackResult {
  readonly dir: string;
  readonly name: string;
  readonly tarball: string;
  readonly bytes: number;
  readonly files: readonly string[];
  readonly manifest: PackedManifest;
  /** The unpacked tarball's `package/` folder. */
  readonly packageDir: string;
}

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    )
    .sort();
}

function run(command: string, args: readonly string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function packAll(root: string, destination: string): PackResult[] {
  return RELEASE_PACKAGES.map((dir) => {
    const before = new Set(readdirSync(destination));
    run("pnpm", ["pack", "--pack-destination", destination], join(root, "packages", dir));
    const created = readdirSync(destination).filter((f) => !before.has(f) && f.endsWith(".tgz"));
    if (created.length !== 1 || created[0] === undefined) {
      throw new Error(`pnpm pack in packages/${dir} produced ${created.length} tarballs`);
    }
    const tarball = join(destination, created[0]);
    const unpacked = join(destination, `${dir}-unpacked`);
    mkdirSync(unpacked);
    run("tar", ["-xzf", tarball, "-C", unpacked], root);
    const packageDir = join(unpacked, "package");
    const manifest = JSON.parse(
      readFileSync(join(packageDir, "package.json"), "utf8"),
    ) as PackedManifest;
    return {
      dir,
      name: manifest.name ?? dir,
      tarball,
      bytes: statSync(tarball).size,
      files: listFiles(packageDir),
      manifest,
      packageDir,
    };
  });
}

async function lintTarball(pack: PackResult): Promise<string[]> {
  const buffer = readFileSync(pack.tarball);
  const tarball = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
  const { messages, pkg } = await publint({ pack: { tarball }, level: "warning", strict: true });
  return messages.map((m) => `${pack.name}: publint ${m.type}: ${formatMessage(m, pkg) ?? m.code}`);
}

/** README links must work on the registry page and in `node_modules`, where `docs/` is absent. */
function inspectPackedReadme(pack: PackResult, root: string): string[] {
  // Without a published repository, README links can only point into the package itself.
  const repositoryUrl = toRepositoryWebUrl(pack.manifest["repository"]);
  if (!pack.files.includes("README.md")) return [`${pack.name}: README.md is not packed`];
  const readme = readFileSync(join(pack.packageDir, "README.md"), "utf8");
  return inspectReadmeLinks(pack.name, readme, pack.files, repositoryUrl, (path) =>
    existsSync(join(root, path)),
  );
}

function writeConsumerProject(project: string, packs: readonly PackResult[], root: string): void {
  const dependencies = Object.fromEntries(packs.map((p) => [p.name, `file:${p.tarball}`]));
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify(
      { name: "promptstack-consumer", private: true, type: "module", dependencies },
      null,
      2,
    ),
  );
  writeFileSync(join(project, "consumer.mjs"), CONSUMER_ESM);
  writeFileSync(join(project, "facts.json"), JSON.stringify(SAMPLE_FACTS, null, 2));
  writeFileSync(join(project, "consumer.ts"), CONSUMER_TS);
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        exactOptionalPropertyTypes: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
        typeRoots: [join(root, "node_modules", "@types")],
      },
      files: ["consumer.ts"],
    }),
  );
  for (const [path, text] of Object.entries(SAMPLE_WORKSPACE)) {
    const full = join(project, "workspace", path);
    mkdirSync(join(full, ".."), { recursive: true });
    writeFileSync(full, text);
  }
}

/**
 * The consumers whose install size is guarded: a renderer-only user, a library user who loads
 * bootstrap files without counting tokens, and one who installs every package.
 */
const FOOTPRINT_CONSUMERS: Readonly<Record<string, readonly string[]>> = {
  renderer: ["@promptstack/renderer"],
  bootstrap: ["@promptstack/bootstrap"],
  everything: RELEASE_PACKAGES.map((dir) => `@promptstack/${dir}`),
};

const FOOTPRINT_BASELINE = fileURLToPath(
  new URL("./release-footprint-baseline.json", import.meta.url),
);

function directorySize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += directorySize(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** The packages `names` and every `@promptstack/*` package they depend on, as tarballs. */
function withInternalDependencies(
  names: readonly string[],
  packs: readonly PackResult[],
): PackResult[] {
  const byName = new Map(packs.map((p) => [p.name, p]));
  const chosen = new Map<string, PackResult>();
  const visit = (name: string): void => {
    const pack = byName.get(name);
    if (pack === undefined || chosen.has(name)) return;
    chosen.set(name, pack);
    for (const dep of Object.keys(pack.manifest.dependencies ?? {})) visit(dep);
  };
  names.forEach(visit);
  return [...chosen.values()];
}

/**
 * Installs each footprint consumer with npm (from the tarballs), imports what it installed, and
 * measures `node_modules`. No package installs gpt-tokenizer: it only generates
 * `@promptstack/o200k`'s rank table at build time and checks its counts in tests.
 */
function measureFootprint(
  packs: readonly PackResult[],
  work: string,
  problems: string[],
): Footprint {
  const footprint: Record<string, number> = {};
  for (const [consumer, names] of Object.entries(FOOTPRINT_CONSUMERS)) {
    const project = join(work, `footprint-${consumer}`);
    mkdirSync(project);
    const dependencies = Object.fromEntries(
      withInternalDependencies(names, packs).map((p) => [p.name, `file:${p.tarball}`]),
    );
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: `footprint-${consumer}`, private: true, dependencies }),
    );
    run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], project);
    const imports = names.map((name) => `await import(${JSON.stringify(name)});`).join(" ");
    run(process.execPath, ["--input-type=module", "-e", imports], project);
    if (existsSync(join(project, "node_modules", "gpt-tokenizer"))) {
      problems.push(`footprint: the ${consumer} consumer installs gpt-tokenizer`);
    }
    footprint[consumer] = directorySize(join(project, "node_modules"));
  }
  return footprint;
}

function measureImport(project: string, specifiers: readonly string[], runs = 5): number[] {
  const code = `const t = performance.now(); ${specifiers
    .map((s) => `await import(${JSON.stringify(s)});`)
    .join(" ")} console.log((performance.now() - t).toFixed(1));`;
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    samples.push(
      Number(run(process.execPath, ["--input-type=module", "-e", code], project).trim()),
    );
  }
  return samples.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const work = mkdtempSync(join(tmpdir(), "promptstack-release-"));
  const problems: string[] = [];
  try {
    console.log("release:check: building packages");
    run("pnpm", ["build"], root);
    const tarballs = join(work, "tarballs");
    mkdirSync(tarballs);
    const packs = packAll(root, tarballs);
    for (const pack of packs) {
      problems.push(
        ...inspectPackedManifest(pack.manifest),
        ...inspectPackedFiles(pack.name, pack.files, listExportedFiles(pack.manifest)),
      );
      problems.push(...(await lintTarball(pack)));
      problems.push(...inspectPackedReadme(pack, root));
    }

    const project = join(work, "consumer");
    mkdirSync(project);
    writeConsumerProject(project, packs, root);
    console.log("release:check: npm install of the tarballs into a temp project");
    run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], project);

    const esm = run(process.execPath, ["consumer.mjs"], project);
    console.log(`release:check: ESM consumer: ${esm.trim()}`);
    run(
      process.execPath,
      [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"],
      project,
    );
    console.log("release:check: TypeScript consumer type-checks against the installed types");
    const bin = join(project, "node_modules", ".bin", "promptstack");
    const rendered = JSON.parse(
      run(
        bin,
        [
          "render",
          "--json",
          "--workspace",
          join(project, "workspace"),
          "--facts",
          join(project, "facts.json"),
        ],
        project,
      ),
    ) as { text?: unknown; boundary?: unknown };
    if (typeof rendered.text !== "string" || typeof rendered.boundary !== "number") {
      problems.push("cli: `promptstack render --json` did not print { text, boundary }");
    } else {
      console.log(`release:check: installed bin rendered ${rendered.text.length} chars`);
    }

    console.log("release:check: measuring install sizes");
    const footprint = measureFootprint(packs, work, problems);
    if (process.argv.includes("--update-footprint")) {
      writeFileSync(FOOTPRINT_BASELINE, `${JSON.stringify(footprint, null, 2)}\n`);
      console.log(`release:check: wrote ${FOOTPRINT_BASELINE}`);
    }
    const baseline = JSON.parse(readFileSync(FOOTPRINT_BASELINE, "utf8")) as Footprint;
    const comparison = compareFootprint(footprint, baseline);
    problems.push(...comparison.problems);

    const renderer = measureImport(project, ["@promptstack/renderer"]);
    const facade = measureImport(project, ["@promptstack/agent"]);
    console.log("\npackage                      packed bytes   files");
    for (const pack of packs) {
      console.log(
        `${pack.name.padEnd(28)} ${String(pack.bytes).padStart(12)}   ${pack.files.length}`,
      );
    }
    console.log(
      "\ninstall size: node_modules of a consumer of only the renderer, of only bootstrap (and its deps), of every package",
    );
    for (const line of comparison.lines) console.log(line);
    const median = (xs: number[]): number => xs[Math.floor(xs.length / 2)] ?? Number.NaN;
    console.log(
      `\ncold import @promptstack/renderer: median ${median(renderer)} ms (runs: ${renderer.join(", ")})`,
    );
    console.log(
      `cold import @promptstack/agent (prompt assembler): median ${median(facade)} ms (runs: ${facade.join(", ")})`,
    );
  } catch (error) {
    const detail = error as { stderr?: string; message?: string };
    problems.push(
      `release:check failed: ${detail.stderr?.trim() || detail.message || String(error)}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    for (const p of problems) console.error(`release:check: ${p}`);
    process.exitCode = 1;
  } else {
    console.log("release:check: all packages install and work from their tarballs");
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
