/**
 * `pnpm release:check`: proves the packages work the way users consume them — as tarballs.
 *
 * Builds every package, packs it with pnpm, checks each tarball (manifest, file list, publint),
 * installs all tarballs with plain npm into a temp project outside the workspace, then runs an
 * ESM consumer script, type-checks a TypeScript consumer against the installed types, runs the
 * installed `promptstack` bin, and measures cold import times.
 */
import { execFileSync } from "node:child_process";
import {
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
import { formatMessage } from "publint/utils";
import { inspectPackedFiles, inspectPackedManifest } from "./inspect-packed-package.js";
import type { PackedManifest } from "./inspect-packed-package.js";
import {
  CONSUMER_ESM,
  CONSUMER_TS,
  SAMPLE_FACTS,
  SAMPLE_WORKSPACE,
} from "./release-check-consumer.js";

/** Package folders in dependency order. */
export const RELEASE_PACKAGES: readonly string[] = [
  "renderer",
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
    };
  });
}

async function lintTarball(pack: PackResult): Promise<string[]> {
  const buffer = readFileSync(pack.tarball);
  const tarball = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
  const { messages, pkg } = await publint({ pack: { tarball }, level: "warning", strict: true });
  return messages.map((m) => `${pack.name}: publint ${m.type}: ${formatMessage(m, pkg) ?? m.code}`);
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
        ...inspectPackedFiles(pack.name, pack.files),
      );
      problems.push(...(await lintTarball(pack)));
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

    const renderer = measureImport(project, ["@promptstack/renderer"]);
    const facade = measureImport(project, ["@promptstack/agent"]);
    console.log("\npackage                      packed bytes   files");
    for (const pack of packs) {
      console.log(
        `${pack.name.padEnd(28)} ${String(pack.bytes).padStart(12)}   ${pack.files.length}`,
      );
    }
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
