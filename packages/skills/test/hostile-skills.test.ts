import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { discoverSkills } from "../src/discover-skills.js";
import { startPathSwapper } from "@promptstack-tools/test-utils";

const SECRET = "OUTSIDE-SECRET-91c2";
const SWAP_MS = 1500;
const MAX_ITERATIONS = 3000;

let root: string;
let skills: string;
let outside: string;

function skillText(description: string): string {
  return `---\nname: alpha\ndescription: ${description}\n---\nBody.\n`;
}

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "skills-hostile-")));
  skills = join(root, "skills");
  outside = join(root, "outside");
  await mkdir(join(skills, "alpha"), { recursive: true });
  await mkdir(join(outside, "alpha"), { recursive: true });
  await writeFile(join(skills, "alpha", "SKILL.md"), skillText("inside"));
  await writeFile(join(outside, "alpha", "SKILL.md"), skillText(SECRET));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function discoverWhileSwapping(target: string, variants: readonly string[]): Promise<number> {
  const swapper = startPathSwapper(target, variants, SWAP_MS);
  let scans = 0;
  while (swapper.running() && scans < MAX_ITERATIONS) {
    const result = await discoverSkills([{ tier: "workspace", dir: skills }]);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    scans += 1;
  }
  expect(await swapper.done).toBeGreaterThan(0);
  return scans;
}

describe("hostile skill: races", () => {
  it("a skill folder swapped for a link outside the root: never listed", async () => {
    await symlink(join(outside, "alpha"), join(skills, ".alpha-link"));
    expect(
      await discoverWhileSwapping(join(skills, "alpha"), [join(skills, ".alpha-link")]),
    ).toBeGreaterThan(0);
  });

  it("SKILL.md swapped for an outside link or a FIFO: never read, never blocks", async () => {
    const folder = join(skills, "alpha");
    await symlink(join(outside, "alpha", "SKILL.md"), join(folder, ".link"));
    execFileSync("mkfifo", [join(folder, ".fifo")]);
    const scans = await discoverWhileSwapping(join(folder, "SKILL.md"), [
      join(folder, ".link"),
      join(folder, ".fifo"),
    ]);
    expect(scans).toBeGreaterThan(0);
  });
});
