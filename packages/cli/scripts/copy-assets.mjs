// Build step of @promptstack/cli, plain Node (no dependencies): copies the demo workspace and the
// synthetic Codex model catalog from the repository's fixtures into dist/assets/, so the
// installed package renders the demo without the repository.
//   node scripts/copy-assets.mjs            copy into dist/assets (after tsc)
//   node scripts/copy-assets.mjs DIR        copy into DIR instead (tests)
//   node scripts/copy-assets.mjs --clean    remove dist/ (before tsc: no stale files ship)
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = join(packageDir, "..", "..");

/** Source (relative to the repository root) → destination (relative to the assets folder). */
const ASSETS = [
  ["fixtures/workspaces/demo", "demo"],
  ["fixtures/codex-model-catalog/models.json", "codex-model-catalog/models.json"],
];

function copyTree(from, to) {
  const entries = readdirSync(from, { withFileTypes: true });
  mkdirSync(to, { recursive: true });
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else if (entry.isFile()) copyFileSync(source, target);
    else throw new Error(`${source} is not a regular file or folder; the demo must not hold one.`);
  }
}

function copyAssets(assetsDir) {
  rmSync(assetsDir, { recursive: true, force: true });
  for (const [from, to] of ASSETS) {
    const source = join(repoRoot, from);
    const target = join(assetsDir, to);
    if (from.endsWith(".json")) {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(source, target);
    } else {
      copyTree(source, target);
    }
  }
}

const argument = process.argv[2];
if (argument === "--clean") {
  rmSync(join(packageDir, "dist"), { recursive: true, force: true });
} else {
  copyAssets(argument === undefined ? join(packageDir, "dist", "assets") : resolve(argument));
}
