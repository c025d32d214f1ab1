import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCTOR_FINDING_TABLE } from "@promptstack/agent";
import type { DoctorFinding } from "@promptstack/agent";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

const CLEAN = join(REPO_ROOT, "fixtures/doctor/clean-workspace");
const SKILL_ENV = join(REPO_ROOT, "fixtures/doctor/skill-environment.json");
const DEMO_FACTS = join(REPO_ROOT, "fixtures/workspaces/demo/facts.json");

let root: string;
let caseNumber = 0;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "promptstack-doctor-")));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A copy of the clean workspace, a config path and a facts path in a fresh folder. */
interface Case {
  readonly dir: string;
  readonly ws: string;
  /** Extra CLI flags the case adds. */
  readonly args: string[];
}

async function freshCase(): Promise<Case> {
  caseNumber += 1;
  const dir = join(root, `case-${caseNumber}`);
  const ws = join(dir, "ws");
  await mkdir(dir);
  await cp(CLEAN, ws, { recursive: true });
  return { dir, ws, args: [] };
}

async function writeConfig(c: Case, config: unknown): Promise<string> {
  const file = join(c.dir, "config.json");
  await writeFile(file, JSON.stringify(config));
  c.args.push("--config", file);
  return file;
}

async function writeSkill(dir: string, frontmatter: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, "SKILL.md");
  await writeFile(file, `---\n${frontmatter}\n---\n\n# Skill\n\nDo the thing.\n`);
  return file;
}

async function doctor(args: readonly string[]) {
  const io = createTestIo();
  const code = await runCli(["doctor", "--skill-env", SKILL_ENV, ...args], io);
  return { code, io };
}

async function doctorJson(c: Case, extra: readonly string[] = []) {
  const strict = await doctor(["--json", "--strict", "--workspace", c.ws, ...c.args, ...extra]);
  expect(strict.io.err).toBe("");
  const report = JSON.parse(strict.io.out) as { findings: DoctorFinding[] };
  return { code: strict.code, findings: report.findings };
}

interface FindingCase {
  readonly code: (typeof DOCTOR_FINDING_TABLE)[number]["code"];
  /** Breaks the clean workspace in one way; returns where the finding must point. */
  readonly breakIt: (c: Case) => Promise<{ path?: string; key?: string; extra?: string[] }>;
  /** Exit status under --strict. */
  readonly exit: 0 | 1 | 2;
  /** Every finding code the broken workspace reports, when more than the one tested. */
  readonly codes?: readonly string[];
}

const CASES: readonly FindingCase[] = [
  {
    code: "bootstrap-file-truncated",
    exit: 1,
    breakIt: async ({ ws }) => {
      await writeFile(
        join(ws, "AGENTS.md"),
        `# Agents\n\n${"Keep answers short. ".repeat(1500)}\n`,
      );
      return { path: join(ws, "AGENTS.md") };
    },
  },
  {
    code: "bootstrap-file-dropped",
    exit: 1,
    breakIt: async (c) => {
      await writeConfig(c, { agents: { defaults: { bootstrapTotalMaxChars: 150 } } });
      return { path: join(c.ws, "USER.md") };
    },
  },
  {
    code: "bootstrap-file-missing",
    exit: 1,
    breakIt: async ({ ws }) => {
      await rm(join(ws, "SOUL.md"));
      return { path: join(ws, "SOUL.md") };
    },
  },
  {
    code: "bootstrap-file-empty",
    exit: 0,
    breakIt: async ({ ws }) => {
      await writeFile(join(ws, "USER.md"), "\n\n");
      return { path: join(ws, "USER.md") };
    },
  },
  {
    code: "bootstrap-file-case-variant",
    exit: 1,
    breakIt: async ({ ws }) => {
      await writeFile(join(ws, "memory.md"), "# Memory\n\n- An older copy.\n");
      return { path: join(ws, "memory.md") };
    },
  },
  {
    code: "bootstrap-legacy-tools-file",
    exit: 1,
    breakIt: async ({ ws }) => {
      await writeFile(join(ws, "TOOLS.md"), "# Tools\n\n- Deploy with the staging script.\n");
      return { path: join(ws, "TOOLS.md") };
    },
  },
  {
    code: "bootstrap-file-binary",
    exit: 1,
    breakIt: async ({ ws }) => {
      await writeFile(join(ws, "MEMORY.md"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]));
      return { path: join(ws, "MEMORY.md") };
    },
  },
  {
    code: "bootstrap-file-invalid-utf8",
    exit: 1,
    breakIt: async ({ ws }) => {
      await writeFile(
        join(ws, "MEMORY.md"),
        Buffer.concat([Buffer.from("# Memory\n\n- caf"), Buffer.from([0xe9]), Buffer.from("\n")]),
      );
      return { path: join(ws, "MEMORY.md") };
    },
  },
  {
    code: "bootstrap-file-outside-workspace",
    exit: 1,
    breakIt: async ({ dir, ws }) => {
      await writeFile(join(dir, "outside.md"), "# Memory\n\n- outside\n");
      await rm(join(ws, "MEMORY.md"));
      await symlink(join(dir, "outside.md"), join(ws, "MEMORY.md"));
      return { path: join(ws, "MEMORY.md") };
    },
  },
  {
    code: "bootstrap-file-not-regular",
    exit: 1,
    breakIt: async ({ ws }) => {
      await rm(join(ws, "MEMORY.md"));
      // A FIFO: opening it for reading would block a naive reader forever.
      execFileSync("mkfifo", [join(ws, "MEMORY.md")]);
      return { path: join(ws, "MEMORY.md") };
    },
  },
  {
    code: "skill-requirement-unmet",
    exit: 1,
    breakIt: async ({ ws }) => {
      const path = await writeSkill(
        join(ws, "skills/deploy"),
        'name: deploy\ndescription: Deploy with the fly CLI.\nmetadata: {"openclaw": {"requires": {"bins": ["fly"]}}}',
      );
      return { path };
    },
  },
  {
    code: "skill-excluded",
    exit: 0,
    breakIt: async (c) => {
      await writeConfig(c, { skills: { entries: { "release-notes": { enabled: false } } } });
      return { path: join(c.ws, "skills/release-notes/SKILL.md") };
    },
  },
  {
    code: "skill-omitted",
    exit: 1,
    breakIt: async (c) => {
      await writeSkill(
        join(c.ws, "skills/changelog"),
        "name: changelog\ndescription: Keep CHANGELOG.md up to date.",
      );
      await writeConfig(c, { skills: { limits: { maxSkillsInPrompt: 1 } } });
      return { path: join(c.ws, "skills/release-notes/SKILL.md") };
    },
  },
  {
    code: "skills-no-read-tool",
    exit: 1,
    breakIt: async (c) => {
      const facts = JSON.parse(await readFile(DEMO_FACTS, "utf8")) as {
        tools: { name: string }[];
      };
      const file = join(c.dir, "facts.json");
      await writeFile(
        file,
        JSON.stringify({ ...facts, tools: facts.tools.filter((tool) => tool.name !== "read") }),
      );
      c.args.push("--facts", file);
      return {};
    },
  },
  {
    code: "skill-pinned-omitted",
    exit: 1,
    breakIt: async (c) => {
      await writeSkill(
        join(c.ws, "skills/changelog"),
        "name: changelog\ndescription: Keep CHANGELOG.md up to date.",
      );
      await writeConfig(c, {
        skills: {
          limits: { maxSkillsInPrompt: 1 },
          entries: {
            changelog: { listing: "pinned" },
            "release-notes": { listing: "pinned", priority: 1 },
          },
        },
      });
      return { path: join(c.ws, "skills/changelog/SKILL.md") };
    },
  },
  {
    code: "skill-manual",
    exit: 0,
    breakIt: async (c) => {
      await writeConfig(c, { skills: { entries: { "release-notes": { listing: "manual" } } } });
      return { path: join(c.ws, "skills/release-notes/SKILL.md") };
    },
  },
  {
    code: "skills-list-shortened",
    exit: 1,
    breakIt: async (c) => {
      await writeSkill(
        join(c.ws, "skills/changelog"),
        `name: changelog\ndescription: ${"Keep CHANGELOG.md up to date with every merged change. ".repeat(6).trim()}`,
      );
      await writeConfig(c, { skills: { limits: { maxSkillsPromptChars: 480 } } });
      return { key: "skills.limits.maxSkillsPromptChars" };
    },
  },
  {
    code: "skill-tier-override",
    exit: 0,
    breakIt: async (c) => {
      await writeSkill(
        join(c.dir, "extra/release-notes"),
        "name: release-notes\ndescription: An older copy of the release-notes skill.",
      );
      c.args.push("--skills-root", `extra=${join(c.dir, "extra")}`);
      return { path: join(c.ws, "skills/release-notes/SKILL.md") };
    },
  },
  {
    code: "skill-duplicate-name",
    exit: 1,
    breakIt: async ({ ws }) => {
      const path = await writeSkill(
        join(ws, "skills/release-notes-copy"),
        "name: release-notes\ndescription: A second copy under another folder.",
      );
      return { path };
    },
  },
  {
    code: "skill-name-case-collision",
    exit: 1,
    // The upper-case name also breaks the naming rule: a second, generic finding.
    codes: ["skill-name-case-collision", "diagnostic"],
    breakIt: async ({ ws }) => {
      await writeSkill(
        join(ws, "skills/release-notes-loud"),
        "name: Release-Notes\ndescription: Nearly the same name.",
      );
      return { path: join(ws, "skills/release-notes/SKILL.md") };
    },
  },
  {
    code: "skill-skipped",
    exit: 2,
    breakIt: async ({ ws }) => {
      await mkdir(join(ws, "skills/broken"));
      await writeFile(join(ws, "skills/broken/SKILL.md"), "# Broken\n\nNo frontmatter here.\n");
      return { path: join(ws, "skills/broken/SKILL.md") };
    },
  },
  {
    code: "config-unknown-key",
    exit: 1,
    breakIt: async (c) => {
      const path = await writeConfig(c, { agents: { defaults: { bootstrapMaxChar: 5000 } } });
      return { path, key: "agents.defaults.bootstrapMaxChar" };
    },
  },
  {
    code: "config-deprecated-key",
    exit: 1,
    breakIt: async (c) => {
      const path = await writeConfig(c, {
        agents: { defaults: { bootstrapPromptTruncationWarning: "once" } },
      });
      return { path, key: "agents.defaults.bootstrapPromptTruncationWarning" };
    },
  },
  {
    code: "tool-summary-volatile",
    exit: 1,
    breakIt: async (c) => {
      const facts = JSON.parse(await readFile(DEMO_FACTS, "utf8")) as {
        time: { date: string };
        tools: { description?: string }[];
      };
      facts.tools[0]!.description = `Read a file (index rebuilt ${facts.time.date}).`;
      const path = join(c.dir, "facts.json");
      await writeFile(path, JSON.stringify(facts));
      c.args.push("--facts", path);
      return { path, key: "tools.0.description" };
    },
  },
  {
    code: "prefix-below-cache-minimum",
    exit: 1,
    breakIt: async () => ({
      extra: ["--mode", "none", "--provider", "anthropic", "--model", "claude-haiku-4-5"],
    }),
  },
  {
    code: "diagnostic",
    exit: 1,
    breakIt: async ({ ws }) => {
      const path = await writeSkill(
        join(ws, "skills/Shouty"),
        "name: Shouty_Skill\ndescription: A skill whose name breaks the naming rules.",
      );
      return { path };
    },
  },
];

describe("promptstack doctor", () => {
  it("reports nothing on the clean workspace and exits 0 even under --strict", async () => {
    const c = await freshCase();
    const { code, findings } = await doctorJson(c);
    expect(findings).toEqual([]);
    expect(code).toBe(0);
    const text = await doctor(["--strict", "--workspace", c.ws]);
    expect(text.io.out).toContain("No findings.");
    expect(text.code).toBe(0);
  });

  it.each(CASES)("$code: one broken workspace, one finding", async (testCase) => {
    const c = await freshCase();
    const where = await testCase.breakIt(c);
    const { code, findings } = await doctorJson(c, where.extra ?? []);
    const found = findings.filter((finding) => finding.code === testCase.code);
    expect(found, JSON.stringify(findings, null, 2)).toContainEqual(
      expect.objectContaining({
        code: testCase.code,
        ...(where.path === undefined ? {} : { path: where.path }),
        ...(where.key === undefined ? {} : { key: where.key }),
      }),
    );
    for (const finding of found) {
      expect(finding.why.length).toBeGreaterThan(10);
      expect(finding.fix.length).toBeGreaterThan(5);
    }
    expect([...new Set(findings.map((finding) => finding.code))].sort()).toEqual(
      [...(testCase.codes ?? [testCase.code])].sort(),
    );
    expect(code).toBe(testCase.exit);
  });

  it("exits 0 on warnings without --strict, and 2 on errors either way", async () => {
    const c = await freshCase();
    await rm(join(c.ws, "SOUL.md"));
    expect((await doctor(["--workspace", c.ws])).code).toBe(0);
    expect((await doctor(["--workspace", c.ws, "--strict"])).code).toBe(1);
    await mkdir(join(c.ws, "skills/broken"));
    await writeFile(join(c.ws, "skills/broken/SKILL.md"), "no frontmatter\n");
    expect((await doctor(["--workspace", c.ws])).code).toBe(2);
    expect((await doctor(["--workspace", c.ws, "--strict"])).code).toBe(2);
  });

  it("exits 2 with the typed error when the input cannot be loaded at all", async () => {
    const c = await freshCase();
    const config = join(c.dir, "config.json");
    await writeFile(config, "{ agents: ");
    const { code, io } = await doctor(["--workspace", c.ws, "--config", config]);
    expect(code).toBe(2);
    expect(io.out).toBe("");
    expect(io.err).toContain(config);
    const usage = await doctor(["--workspace", c.ws, "--model", "gpt-5.5"]);
    expect(usage.code).toBe(2);
    expect(usage.io.err).toContain("--model applies only with --provider");
  });

  it("prints text with where, why and fix, escaping names from the workspace", async () => {
    const c = await freshCase();
    const folder = "evil\u001b]52;c;AAAA\u0007\u202e";
    await writeSkill(
      join(c.ws, "skills", folder),
      'name: evil\ndescription: Needs a missing tool.\nmetadata: {"openclaw": {"requires": {"bins": ["nope"]}}}',
    );
    const { code, io } = await doctor(["--workspace", c.ws]);
    expect(code).toBe(0);
    expect(io.out).toContain("0 errors, 1 warning, 0 info");
    expect(io.out).toContain("warning skill-requirement-unmet");
    expect(io.out).toContain("skills/evil\\x1b]52;c;AAAA\\x07\\u202e/SKILL.md");
    expect(io.out).toContain("  why: The skill is never listed");
    expect(io.out).toContain("  fix: Install what the skill requires");
    // oxlint-disable-next-line no-control-regex -- the raw controls must not reach the terminal
    expect(io.out).not.toMatch(/[\u0007\u001b\u202e]/u);
  });

  it("on the demo reports the github skill's missing gh binary and the weather override", async () => {
    const io = createTestIo();
    expect(await runCli(["doctor", "--json"], io)).toBe(0);
    const report = JSON.parse(io.out) as { findings: DoctorFinding[]; counts: unknown };
    expect(report.findings.map((finding) => [finding.code, finding.path])).toEqual([
      ["skill-requirement-unmet", "fixtures/workspaces/demo/.demo-roots/bundled/github/SKILL.md"],
      ["skill-tier-override", "fixtures/workspaces/demo/.demo-roots/managed/weather/SKILL.md"],
    ]);
    expect(report.counts).toEqual({ error: 0, warning: 1, info: 1 });
    expect(await runCli(["doctor", "--strict"], createTestIo())).toBe(1);
  });

  it("documents every finding code in docs/cli.md", async () => {
    const docs = await readFile(join(REPO_ROOT, "docs/cli.md"), "utf8");
    const start = docs.indexOf("## `promptstack doctor`");
    const section = docs.slice(start, docs.indexOf("\n## ", start + 1));
    const documented = [...section.matchAll(/^\| `([a-z][a-z0-9-]*)`\s+\|/gmu)].map(
      (match) => match[1],
    );
    expect(documented).toEqual(DOCTOR_FINDING_TABLE.map((kind) => kind.code));
    // The example is the real output, as for the other commands' examples.
    const io = createTestIo({ env: { HOME: join(REPO_ROOT, ".tmp", "no-home") } });
    expect(await runCli(["doctor"], io), io.err).toBe(0);
    const block = `$ pnpm promptstack doctor\n${io.out.trimEnd()}\n\`\`\``;
    expect(section.includes(block), `docs/cli.md is missing:\n${block}`).toBe(true);
  });

  it("covers every finding kind but bootstrap-file-unreadable (root reads any file) with a case", () => {
    const covered = new Set(CASES.map((testCase) => testCase.code));
    const missing = DOCTOR_FINDING_TABLE.map((kind) => kind.code).filter(
      (code) => !covered.has(code),
    );
    expect(missing).toEqual(["bootstrap-file-unreadable"]);
  });

  it("with --provider, names the provider and its default model and checks that provider's request", async () => {
    const c = await freshCase();
    // The clean workspace without modes is a stable prefix of about 1,050 tokens: enough for
    // OpenAI's 1,024, not for the 4,096 an Anthropic request for an unknown model would need.
    for (const [provider, model] of [
      ["openai", "gpt-5.5"],
      ["anthropic", "claude-sonnet-4-5"],
    ] as const) {
      const args = ["--mode", "none", "--workspace", c.ws, "--provider", provider];
      const json = await doctor(["--json", ...args]);
      expect(json.io.err).toBe("");
      expect(JSON.parse(json.io.out)).toEqual({
        version: 1,
        workspace: c.ws,
        provider: { provider, model },
        counts: { error: 0, warning: 0, info: 0 },
        findings: [],
      });
      const text = await doctor(args);
      expect(text.io.out).toBe(`promptstack doctor: ${c.ws}, ${provider} ${model}\nNo findings.\n`);
    }
  });

  it("a date in a tool summary is one finding with --provider: the request's own warning is left out", async () => {
    const c = await freshCase();
    await CASES.find((testCase) => testCase.code === "tool-summary-volatile")!.breakIt(c);
    const { findings } = await doctorJson(c, ["--provider", "anthropic"]);
    expect(findings.map((finding) => [finding.code, finding.key])).toEqual([
      ["tool-summary-volatile", "tools.0.description"],
    ]);
  });

  it("a truncated file's finding counts the tokens kept and read", async () => {
    const c = await freshCase();
    await CASES.find((testCase) => testCase.code === "bootstrap-file-truncated")!.breakIt(c);
    const { findings } = await doctorJson(c);
    expect(findings.map((finding) => finding.message)).toEqual([
      "AGENTS.md: kept 20000 of 30009 chars (66%) (~4010 of 6004 tokens), cut by the per-file budget.",
    ]);
  });

  it("a config finding names the demo's config for the demo, and no config for a workspace without one", async () => {
    const c = await freshCase();
    const facts = JSON.parse(await readFile(DEMO_FACTS, "utf8")) as Record<string, unknown>;
    const path = join(c.dir, "facts.json");
    const heartbeat = { id: "hb-1", finishedAt: "2026-09-06T09:30:00Z", outcome: "ok" };
    await writeFile(
      path,
      JSON.stringify({ ...facts, runtimeContext: { heartbeats: [heartbeat] } }),
    );
    const heartbeatFinding = async (args: readonly string[]) => {
      const { io } = await doctor(["--json", "--facts", path, ...args]);
      const report = JSON.parse(io.out) as { findings: DoctorFinding[] };
      return report.findings.find(
        (finding) => finding.diagnostic === "CONFIG_HEARTBEATS_NOT_ENABLED",
      );
    };
    expect(await heartbeatFinding([])).toMatchObject({
      code: "diagnostic",
      path: "fixtures/workspaces/demo/config.json5",
      key: "runtimeContext.heartbeats",
    });
    const own = await heartbeatFinding(["--workspace", c.ws]);
    expect(own).toMatchObject({ code: "diagnostic", key: "runtimeContext.heartbeats" });
    expect(own).not.toHaveProperty("path");
  });
});
