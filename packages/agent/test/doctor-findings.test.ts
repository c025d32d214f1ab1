import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseRunFacts } from "@promptstack/config";
import type { RunFacts } from "@promptstack/config";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPromptAssembler, diagnoseAgentTurn, DOCTOR_FINDING_TABLE } from "../src/index.js";
import type { AgentSkill } from "../src/index.js";
import { makeBootstrapFile as file } from "./make-bootstrap-file.js";
import { makeDiagnosedTurn } from "./make-diagnosed-turn.js";

const CLEAN = fileURLToPath(new URL("../../../fixtures/doctor/clean-workspace", import.meta.url));
const DEMO_FACTS = fileURLToPath(
  new URL("../../../fixtures/workspaces/demo/facts.json", import.meta.url),
);

const turnOf = makeDiagnosedTurn;

describe("diagnoseAgentTurn", () => {
  it("has one row per code, and every diagnostic code in at most one row", () => {
    const codes = DOCTOR_FINDING_TABLE.map((kind) => kind.code);
    expect(new Set(codes).size).toBe(codes.length);
    const sources = DOCTOR_FINDING_TABLE.flatMap((kind) => [...kind.diagnostics]);
    expect(new Set(sources).size).toBe(sources.length);
  });

  it("reports a truncated file once, with how much was kept, not again for its diagnostic", () => {
    const findings = diagnoseAgentTurn(
      turnOf({
        files: [
          file({
            status: "truncated",
            rawChars: 25000,
            injectedChars: 20000,
            limitedBy: "per-file",
            rawTokens: 6000,
            injectedTokens: 4800,
          }),
        ],
        diagnostics: [
          {
            code: "BOOTSTRAP_FILE_TRUNCATED",
            severity: "warning",
            message: "MEMORY.md: 25000 -> 20000",
            path: "ws/MEMORY.md",
          },
        ],
      }),
    );
    expect(findings).toEqual([
      expect.objectContaining({
        code: "bootstrap-file-truncated",
        severity: "warning",
        path: "ws/MEMORY.md",
        message:
          "MEMORY.md: kept 20000 of 25000 chars (80%) (~4800 of 6000 tokens), cut by the per-file budget.",
        diagnostic: "BOOTSTRAP_FILE_TRUNCATED",
      }),
    ]);
  });

  it("names each file the total budget dropped, instead of the one aggregate diagnostic", () => {
    const findings = diagnoseAgentTurn(
      turnOf({
        files: [
          file({
            name: "USER.md",
            path: "ws/USER.md",
            status: "skipped",
            injectedChars: 0,
            limitedBy: "total",
            reason: "total budget exhausted",
          }),
          file({
            status: "skipped",
            injectedChars: 0,
            limitedBy: "total",
            reason: "total budget exhausted",
          }),
        ],
        diagnostics: [
          {
            code: "BOOTSTRAP_TOTAL_BUDGET_EXHAUSTED",
            severity: "warning",
            message: "USER.md, MEMORY.md",
          },
        ],
      }),
    );
    expect(findings.map((found) => [found.code, found.path])).toEqual([
      ["bootstrap-file-dropped", "ws/MEMORY.md"],
      ["bootstrap-file-dropped", "ws/USER.md"],
    ]);
  });

  it("maps reader skips by diagnostic code and prefers the diagnostic's own hint as the fix", () => {
    const [found] = diagnoseAgentTurn(
      turnOf({
        files: [file({ status: "skipped", injectedChars: 0, reason: "unreadable" })],
        diagnostics: [
          {
            code: "BOOTSTRAP_FILE_UNREADABLE",
            severity: "warning",
            message: "MEMORY.md could not be read (EACCES).",
            path: "ws/MEMORY.md",
            hint: "Make MEMORY.md readable by the agent's user.",
          },
        ],
      }),
    );
    expect(found).toMatchObject({
      code: "bootstrap-file-unreadable",
      path: "ws/MEMORY.md",
      fix: "Make MEMORY.md readable by the agent's user.",
      why: DOCTOR_FINDING_TABLE.find((kind) => kind.code === "bootstrap-file-unreadable")?.why,
    });
  });

  it("tells deliberate skill gates from unmet requirements", () => {
    const skill = (name: string, gate: AgentSkill["gate"]): AgentSkill => ({
      name,
      tier: "workspace",
      path: `ws/skills/${name}/SKILL.md`,
      status: "excluded",
      listing: "normal",
      priority: 0,
      ...(gate === undefined ? {} : { gate }),
      reason: `${gate} says no`,
    });
    const findings = diagnoseAgentTurn(
      turnOf({
        skills: [skill("a", "allowlist"), skill("b", "bins"), skill("c", "os"), skill("d", "env")],
      }),
    );
    expect(findings.map((found) => [found.code, found.severity, found.path])).toEqual([
      ["skill-requirement-unmet", "warning", "ws/skills/b/SKILL.md"],
      ["skill-requirement-unmet", "warning", "ws/skills/d/SKILL.md"],
      ["skill-excluded", "info", "ws/skills/a/SKILL.md"],
      ["skill-excluded", "info", "ws/skills/c/SKILL.md"],
    ]);
  });

  it("points config findings at the config file and key, drops unlisted info, keeps other problems", () => {
    const findings = diagnoseAgentTurn(
      turnOf({
        diagnostics: [
          { code: "CONFIG_UNKNOWN_KEY", severity: "warning", message: "unknown", path: "agents.x" },
          { code: "SKILLS_ROOT_MISSING", severity: "info", message: "no such root" },
          {
            code: "CONFIG_LEGACY_INVALID",
            severity: "error",
            message: "bad legacy value",
            path: "a.b",
          },
        ],
      }),
      { configPath: "config.json5" },
    );
    expect(findings.map((found) => [found.code, found.severity, found.path, found.key])).toEqual([
      ["diagnostic", "error", "config.json5", "a.b"],
      ["config-unknown-key", "warning", "config.json5", "agents.x"],
    ]);
  });
});

describe("the assembler's case-variant warning", () => {
  let dir: string;
  let facts: RunFacts;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "promptstack-doctor-agent-"));
    await cp(CLEAN, join(dir, "ws"), { recursive: true });
    facts = parseRunFacts(JSON.parse(await readFile(DEMO_FACTS, "utf8")));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("appears on the turn after memory.md is added and goes away after it is removed", async () => {
    const ws = join(dir, "ws");
    const assembler = await createPromptAssembler({
      workspaceDir: ws,
      skillEnvironment: { platform: "linux", env: {}, hasBin: () => true },
    });
    const codes = async () =>
      diagnoseAgentTurn(await assembler.turn(facts)).map((found) => [found.code, found.path]);
    try {
      expect(await codes()).toEqual([]);
      await writeFile(join(ws, "memory.md"), "an older copy\n");
      expect(await codes()).toEqual([["bootstrap-file-case-variant", join(ws, "memory.md")]]);
      await rm(join(ws, "memory.md"));
      expect(await codes()).toEqual([]);
    } finally {
      await assembler.close();
    }
  });
});
