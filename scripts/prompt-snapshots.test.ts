import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConformanceCases, runPromptSnapshotCommand } from "./prompt-snapshots.js";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "prompt-snapshots-cmd-"));
  for (const dir of ["snapshot-scenarios", "codex-model-catalog", "prompt-snapshots"]) {
    await cp(join(REPO_ROOT, "fixtures", dir), join(root, "fixtures", dir), { recursive: true });
  }
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("prompt-snapshots command", () => {
  it("check exits 0 after gen, 1 with a diff and the fix command after an edit, 0 after gen", async () => {
    // gen first: this tests the command, not whether the committed snapshots are current (that is
    // the `pnpm prompt:snapshots:check` gate, run once).
    expect((await runPromptSnapshotCommand("gen", root)).exitCode).toBe(0);
    expect((await runPromptSnapshotCommand("check", root)).exitCode).toBe(0);
    const user = join(root, "fixtures/snapshot-scenarios/home/workspace/USER.md");
    await writeFile(user, (await readFile(user, "utf8")).replace("Lisbon", "Porto"));
    const failed = await runPromptSnapshotCommand("check", root);
    expect(failed.exitCode).toBe(1);
    expect(failed.output).toMatch(/^\+.*Porto/m);
    expect(failed.output).toContain("pnpm prompt:snapshots:gen");
    expect((await runPromptSnapshotCommand("gen", root)).exitCode).toBe(0);
    expect((await runPromptSnapshotCommand("check", root)).exitCode).toBe(0);
  });

  it("rejects an unknown sub-command", async () => {
    expect((await runPromptSnapshotCommand("nope", root)).exitCode).toBe(2);
  });
});

describe("buildConformanceCases", () => {
  it("sends start, turn and resume for each Codex scenario, with a real cwd", async () => {
    const cases = await buildConformanceCases(REPO_ROOT, "/tmp/work");
    expect(cases).toHaveLength(18); // six Codex scenarios × (start, turn, resume)
    expect(cases.slice(0, 3).map((entry) => entry.method)).toEqual([
      "thread/start",
      "turn/start",
      "thread/resume",
    ]);
    for (const entry of cases) expect(entry.params["cwd"]).toBe("/tmp/work");
  });
});
