import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// scripts/promptstack.mjs: the checkout's CLI, bundled from the sources and rebuilt only when an
// input of the bundle changed.
const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const LAUNCHER = join(REPO_ROOT, "scripts", "promptstack.mjs");
const CACHE = join(REPO_ROOT, "packages", "cli", "node_modules", ".cache", "promptstack-bin");
// A source file every bundle includes (the command's entry).
const INPUT = join(REPO_ROOT, "packages", "cli", "src", "bin.ts");

const launch = (...args: string[]) =>
  execFileSync(process.execPath, [LAUNCHER, ...args], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", INIT_CWD: "" },
  });
const currentBuild = () =>
  (JSON.parse(readFileSync(join(CACHE, "current.json"), "utf8")) as { dir: string }).dir;

describe("scripts/promptstack.mjs", () => {
  it("runs the command of the checkout and rebuilds only after an input changed", () => {
    launch("--prepare");
    const first = currentBuild();
    // Nothing changed: the same build serves, and it is the checkout's CLI.
    const version = launch("--version").trim();
    const cliPackage = JSON.parse(
      readFileSync(join(REPO_ROOT, "packages", "cli", "package.json"), "utf8"),
    ) as { version: string };
    expect(version).toBe(cliPackage.version);
    expect(currentBuild()).toBe(first);
    // The token counter's rank table sits beside the bundle, as dist/ has it.
    expect(existsSync(join(CACHE, first, "o200k-rank-table.bin"))).toBe(true);
    // An input edited after the build: the next run builds again.
    const builtAt = statSync(join(CACHE, first, "meta.json")).mtime;
    const later = new Date(builtAt.getTime() + 1000);
    const original = statSync(INPUT);
    try {
      utimesSync(INPUT, original.atime, later);
      expect(launch("render")).toContain("## Safety");
      expect(currentBuild()).not.toBe(first);
    } finally {
      utimesSync(INPUT, original.atime, original.mtime);
    }
  });
});
