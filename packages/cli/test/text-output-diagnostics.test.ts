import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

/** A workspace with one skill that has no description (an error) and an empty SOUL.md (info). */
function createWorkspaceWithBadSkill(): { workspace: string; problem: string } {
  const workspace = createTempDir("promptstack-text-diagnostics-");
  writeFileSync(join(workspace, "SOUL.md"), "  \n");
  mkdirSync(join(workspace, "skills", "bad"), { recursive: true });
  const skill = join(workspace, "skills", "bad", "SKILL.md");
  writeFileSync(skill, "---\nname: bad\n---\nNo description here.\n");
  return {
    workspace,
    problem:
      `error SKILL_DESCRIPTION_MISSING: Skill "bad" has no description; the skill was skipped. (${skill})\n` +
      "  fix: Add `description:` with one sentence on when to use the skill.\n",
  };
}

describe("text outputs print input problems on stderr, infos left out", () => {
  it.each([
    [["render"], "## "],
    [["context", "list"], "Bootstrap files"],
    [["context", "detail"], "Bootstrap files"],
    // Every turn renders the same skill: its problem is printed once.
    [["cache-report", "--turns", "3"], "Cache report (an estimate)"],
  ])("%j", async (command, shown) => {
    const { workspace, problem } = createWorkspaceWithBadSkill();
    const io = createTestIo();
    expect(await runCli([...command, "--workspace", workspace], io), io.err).toBe(0);
    expect(io.out).toContain(shown);
    expect(io.err).toBe(problem);
  });

  it.each([[[]], [["--provider", "anthropic"]], [["--provider", "openai"]]])(
    "explain-cache %j prints the problem both turns share once",
    async (provider) => {
      const { workspace, problem } = createWorkspaceWithBadSkill();
      const pair = ["--before-workspace", workspace, "--after-workspace", workspace];
      const io = createTestIo();
      expect(await runCli(["explain-cache", ...provider, ...pair], io), io.err).toBe(0);
      expect(io.out).not.toBe("");
      expect(io.err).toBe(problem);
      const json = createTestIo();
      expect(await runCli(["explain-cache", "--json", ...provider, ...pair], json)).toBe(0);
      const { diagnostics } = JSON.parse(json.out) as { diagnostics: { code: string }[] };
      const codes = diagnostics.map((diagnostic) => diagnostic.code);
      expect(codes.filter((code) => code === "SKILL_DESCRIPTION_MISSING")).toHaveLength(1);
      expect(codes.filter((code) => code === "BOOTSTRAP_FILE_EMPTY")).toHaveLength(1);
    },
  );

  it("on a terminal the render's problems come before its summary line", async () => {
    const { workspace, problem } = createWorkspaceWithBadSkill();
    const io = createTestIo({ isTTY: true, env: { NO_COLOR: "1" } });
    expect(await runCli(["render", "--workspace", workspace], io), io.err).toBe(0);
    expect(io.out).toContain("──── cache boundary");
    expect(io.err.startsWith(problem)).toBe(true);
    expect(io.err.slice(problem.length)).toMatch(
      /^promptstack: [\d,]+ tokens .* · \d+ bootstrap files \(\d+ missing\) · \d+\/\d+ skills · 1 warning\n$/,
    );
  });

  it("the terminal summary counts truncated files and every warning", async () => {
    const { workspace } = createWorkspaceWithBadSkill();
    writeFileSync(join(workspace, "AGENTS.md"), `${"a".repeat(79)}\n`.repeat(800));
    const io = createTestIo({ isTTY: true, env: { NO_COLOR: "1" } });
    expect(await runCli(["render", "--workspace", workspace], io), io.err).toBe(0);
    expect(io.err).toContain("warning BOOTSTRAP_FILE_TRUNCATED");
    expect(io.err).toMatch(
      /\npromptstack: [\d,]+ tokens .* bootstrap files \(1 truncated, \d+ missing\) · \d+\/\d+ skills · 2 warnings\n$/,
    );
  });
});
