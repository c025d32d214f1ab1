import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import type { ContextReport } from "../src/reports/build-context-report.js";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

function writeSkill(workspace: string, name: string): void {
  mkdirSync(join(workspace, "skills", name), { recursive: true });
  writeFileSync(
    join(workspace, "skills", name, "SKILL.md"),
    `---\nname: ${name}\ndescription: The ${name} skill.\n---\n\n# ${name}\n`,
  );
}

describe("context --json: the form each skill got, and why", () => {
  it("names the cause of a skill the list left out (max-skills)", async () => {
    const root = createTempDir("promptstack-context-skill-forms-");
    const workspace = join(root, "workspace");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "AGENTS.md"), "# Rules\nBe brief.\n");
    writeSkill(workspace, "alpha");
    writeSkill(workspace, "beta");
    writeFileSync(join(root, "config.json5"), "{ skills: { limits: { maxSkillsInPrompt: 1 } } }");
    const io = createTestIo({ cwd: root, env: { HOME: root } });
    const code = await runCli(
      ["context", "detail", "--workspace", "workspace", "--config", "config.json5", "--json"],
      io,
    );
    expect(code, io.err).toBe(0);
    const { entries } = (JSON.parse(io.out) as ContextReport).skills;
    expect(
      entries.map(({ name, status, form, formCause }) => ({ name, status, form, formCause })),
    ).toEqual([
      { name: "alpha", status: "included", form: "full", formCause: undefined },
      { name: "beta", status: "omitted", form: "omitted", formCause: "max-skills" },
    ]);
  });
});
