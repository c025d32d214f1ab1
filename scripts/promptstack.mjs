#!/usr/bin/env node
// Runs the `promptstack` command of this checkout (`node scripts/promptstack.mjs <command>`, and
// the root `pnpm promptstack` script): the CLI bundled from the workspace sources with the
// package's own bundle step (packages/cli/scripts/bundle-bin.mjs), rebuilt only when a file it
// was built from changed. Plain Node, no dependencies of its own, so it starts in the time Node
// does; running the sources through a TypeScript loader instead costs about a second per run.
//   node scripts/promptstack.mjs render             build if stale, then run
//   node scripts/promptstack.mjs --prepare          build if stale, run nothing (root postinstall)
//
// A build lives in packages/cli/node_modules/.cache/promptstack-bin/<build>/ (the bundle in
// bundle/, the token counter's rank table beside it, as in dist/), which every tool ignores;
// `current.json` there names the newest complete build (written last, by rename, so a run never
// sees a half-written build). The CLI finds the repository's demo from there exactly as it does
// from src/.
import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const cliDir = fileURLToPath(new URL("../packages/cli/", import.meta.url));
const cacheDir = join(cliDir, "node_modules", ".cache", "promptstack-bin");
const pointerFile = join(cacheDir, "current.json");
const bundleScript = join(cliDir, "scripts", "bundle-bin.mjs");
// Dependencies the metafile does not list (the rank table's source, gpt-tokenizer) change only
// with the lockfile.
const lockfile = fileURLToPath(new URL("../pnpm-lock.yaml", import.meta.url));

/** The newest complete build, or undefined when there is none. */
function readCurrentBuild() {
  try {
    const { dir } = JSON.parse(readFileSync(pointerFile, "utf8"));
    return typeof dir === "string" ? join(cacheDir, dir) : undefined;
  } catch {
    return undefined;
  }
}

function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY; // gone: stale
  }
}

/**
 * Fresh when no input of the build (every source and dependency file esbuild read, as its
 * metafile lists them, plus the bundle step itself and the lockfile) changed after the build was
 * recorded.
 */
function isFresh(buildDir) {
  let meta;
  try {
    meta = JSON.parse(readFileSync(join(buildDir, "meta.json"), "utf8"));
  } catch {
    return false;
  }
  const builtAt = mtimeOf(join(buildDir, "meta.json"));
  if (mtimeOf(bundleScript) > builtAt || mtimeOf(lockfile) > builtAt) return false;
  for (const input of Object.keys(meta.inputs)) {
    // A plugin's virtual module (`namespace:path`) is no file; what it is made of is listed too.
    if (/^[\w-]{2,}:/.test(input)) continue;
    if (mtimeOf(join(cliDir, input)) > builtAt) return false;
  }
  return true;
}

/** Builds into a new folder, then points `current.json` at it and removes old builds. */
function build() {
  mkdirSync(cacheDir, { recursive: true });
  const dir = `build-${Date.now()}-${process.pid}`;
  const buildDir = join(cacheDir, dir);
  const result = spawnSync(
    process.execPath,
    [
      bundleScript,
      "--outdir",
      join(buildDir, "bundle"),
      "--metafile",
      join(buildDir, "meta.json.tmp"),
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (result.status !== 0) {
    rmSync(buildDir, { recursive: true, force: true });
    process.stderr.write("promptstack: building the CLI from the workspace sources failed.\n");
    process.exit(1);
  }
  // The metafile's time stamps the build: written after every output file.
  renameSync(join(buildDir, "meta.json.tmp"), join(buildDir, "meta.json"));
  const pointerTemp = `${pointerFile}.${process.pid}.tmp`;
  writeFileSync(pointerTemp, JSON.stringify({ dir }));
  renameSync(pointerTemp, pointerFile);
  // A run may still be reading an earlier build (a concurrent run that has yet to load the rank
  // table, a long `inspect --serve`): the three newest builds and any from the last ten minutes
  // stay.
  const cutoff = Date.now() - 10 * 60 * 1000;
  const older = readdirSync(cacheDir)
    .filter((entry) => entry.startsWith("build-") && entry !== dir)
    .map((entry) => ({ path: join(cacheDir, entry), mtime: mtimeOf(join(cacheDir, entry)) }))
    .sort((left, right) => right.mtime - left.mtime);
  for (const build of older.slice(2)) {
    if (build.mtime < cutoff) rmSync(build.path, { recursive: true, force: true });
  }
  return buildDir;
}

const prepareOnly = process.argv[2] === "--prepare";
const current = readCurrentBuild();
const buildDir = current !== undefined && isFresh(current) ? current : build();
if (!prepareOnly) {
  // The bundled bin reads its arguments from process.argv.slice(2), as this script received them.
  await import(pathToFileURL(join(buildDir, "bundle", "promptstack-loader.cjs")).href);
}
