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

describe("context detail --json", () => {
  it("counts the raw tokens of injected files only: a file the total budget skipped has none", async () => {
    const root = createTempDir("promptstack-context-json-");
    const workspace = join(root, "workspace");
    mkdirSync(workspace);
    writeFileSync(
      join(workspace, "AGENTS.md"),
      `# Rules\nBe brief.\n${"- keep it short\n".repeat(10)}`,
    );
    writeFileSync(join(workspace, "SOUL.md"), "# Soul\nCalm.\n");
    writeFileSync(
      join(root, "config.json5"),
      "{ agents: { defaults: { bootstrapTotalMaxChars: 100 } } }",
    );
    const io = createTestIo({ cwd: root, env: { HOME: root } });
    const code = await runCli(
      ["context", "detail", "--workspace", "workspace", "--config", "config.json5", "--json"],
      io,
    );
    expect(code, io.err).toBe(0);
    const skipped = { injectedChars: 0, limitedBy: "total", rawTokens: null, injectedTokens: 0 };
    expect((JSON.parse(io.out) as ContextReport).bootstrap).toEqual([
      {
        name: "AGENTS.md",
        path: join(workspace, "AGENTS.md"),
        status: "truncated",
        rawChars: 177,
        injectedChars: 100,
        limitedBy: "total",
        rawTokens: 56,
        injectedTokens: 31,
      },
      {
        name: "SOUL.md",
        path: join(workspace, "SOUL.md"),
        status: "skipped",
        rawChars: 12,
        ...skipped,
      },
      {
        name: "IDENTITY.md",
        path: join(workspace, "IDENTITY.md"),
        status: "skipped",
        rawChars: 0,
        ...skipped,
      },
      {
        name: "USER.md",
        path: join(workspace, "USER.md"),
        status: "skipped",
        rawChars: 0,
        ...skipped,
      },
    ]);
  });

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
      entries.map(({ name, status, form, formCause, chars, tokens }) => ({
        name,
        status,
        form,
        formCause,
        chars,
        tokens,
      })),
    ).toEqual([
      {
        name: "alpha",
        status: "included",
        form: "full",
        formCause: undefined,
        chars: 150,
        tokens: 42,
      },
      {
        name: "beta",
        status: "omitted",
        form: "omitted",
        formCause: "max-skills",
        chars: 0,
        tokens: 0,
      },
    ]);
  });
});
