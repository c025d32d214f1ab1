import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRenderOutputJsonSchema } from "../src/output/render-output-schema.js";
import type { RenderOutput } from "../src/output/render-output-schema.js";
import { runCliBinary } from "./run-cli-binary.js";
import type { BinaryResult } from "./run-cli-binary.js";

const MARKER = "<!-- OPENCLAW_CACHE_BOUNDARY -->";
const FACTS = "fixtures/cli/facts";

function expectNoStack(result: BinaryResult): void {
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe("promptstack binary (child process)", () => {
  let piped: BinaryResult;
  let json: BinaryResult;

  beforeAll(async () => {
    [piped, json] = await Promise.all([
      runCliBinary(["render"]),
      runCliBinary(["render", "--json"]),
    ]);
  });

  it("renders the demo with no arguments: the raw prompt, marker stripped", () => {
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^You are /);
    expect(piped.stdout).toContain("## Tooling");
    expect(piped.stdout).toContain("Wren is calm, curious and a little dry.");
    expect(piped.stdout).toContain("<name>sourdough-timer</name>");
    expect(piped.stdout).not.toContain(MARKER);
    expect(piped.stdout).not.toContain("RUNTIME_TAIL");
    expect(piped.stdout).not.toContain("/work/");
    // Piped output is exactly the model text; the summary line is for terminals only.
    expect(piped.stderr).toBe("");
  });

  it("--json matches its JSON Schema and agrees with the piped text", () => {
    expect(json.code).toBe(0);
    const output = JSON.parse(json.stdout) as RenderOutput;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(buildRenderOutputJsonSchema());
    expect(validate.errors ?? []).toEqual([]);
    expect(validate(output), JSON.stringify(validate.errors)).toBe(true);
    expect(piped.stdout).toBe(output.text.endsWith("\n") ? output.text : `${output.text}\n`);
    expect(output.boundary).toBeGreaterThan(0);
    expect(output.totals.stableChars).toBe(output.boundary);
    const stableIds = output.sections.filter((s) => s.cache === "stable").map((s) => s.id);
    const volatileIds = output.sections.filter((s) => s.cache === "volatile").map((s) => s.id);
    expect(stableIds).toContain("workspace_files");
    expect(volatileIds).toContain("runtime");
    // Sections come in order: every stable one before the first volatile one.
    const firstVolatile = output.sections.findIndex((s) => s.cache === "volatile");
    expect(output.sections.slice(firstVolatile).every((s) => s.cache === "volatile")).toBe(true);
    expect(output.bootstrap.map((f) => [f.name, f.status])).toEqual([
      ["AGENTS.md", "ok"],
      ["SOUL.md", "ok"],
      ["IDENTITY.md", "ok"],
      ["USER.md", "ok"],
      ["MEMORY.md", "ok"],
    ]);
    expect(output.skills).toMatchObject({
      eligible: 10,
      included: 10,
      omitted: [],
      format: "full",
    });
    expect(output.text).not.toContain("<name>github</name>");
    expect(output.text).toContain("<name>voice-call</name>");
    expect(output.totals.tokens).toBeGreaterThan(output.totals.stableTokens);
    expect(output.codex).toBeUndefined();
  });

  it("--harness codex --json adds valid Codex params and layers", async () => {
    // An empty home keeps the render hermetic: no real Codex cache is picked up.
    const home = await mkdtemp(join(tmpdir(), "promptstack-cli-home-"));
    const result = await runCliBinary(["render", "--harness", "codex", "--json"], {
      HOME: home,
      CODEX_HOME: join(home, ".codex"),
    }).finally(() => rm(home, { recursive: true, force: true }));
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as RenderOutput;
    const validate = new Ajv2020({ strict: false }).compile(buildRenderOutputJsonSchema());
    expect(validate(output), JSON.stringify(validate.errors)).toBe(true);
    expect(output.codex?.threadStart).toMatchObject({ model: "gpt-5.5", personality: "none" });
    expect(output.codex?.turnStart).toMatchObject({ threadId: "$thread" });
    expect(output.codex?.layers.map((layer) => layer.role)).toContain("developer");
    expect(JSON.stringify(output.codex)).not.toContain(MARKER);
    expect(output.codex?.layers[0]?.text).toMatch(/^PLACEHOLDER model instructions/);
    expect(output.diagnostics.map((diagnostic) => diagnostic.code)).toContain(
      "CLI_CODEX_CATALOG_PLACEHOLDER",
    );
  });

  it("context list shows files, skills, tool schemas, sections and totals", async () => {
    const result = await runCliBinary(["context", "list"]);
    expect(result.code).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(/fixtures\/workspaces\/demo\/AGENTS\.md\s+OK\s+3,270\s+3,270/);
    expect(out).toContain("10 of 10 eligible listed (11 discovered)");
    expect(out).toMatch(/14 tools · [\d,]+ chars of JSON · [\d,]+ tokens/);
    expect(out).toMatch(/workspace_files\s+stable/);
    expect(out).toMatch(/runtime\s+volatile/);
    expect(out).toMatch(/per request\s+[\d,]+\s+[\d,]+/);
    expect(out).not.toContain("\u001b[");
  });

  // A Discord group no longer shares the whole prefix: it never gets the owner's MEMORY.md.
  it("explain-cache confirms an identical prefix for a per-turn change", async () => {
    const result = await runCliBinary([
      "explain-cache",
      "--before",
      `${FACTS}/telegram-direct.json`,
      "--after",
      `${FACTS}/telegram-direct-next-day.json`,
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Cache prefix identical\. Both renders share the whole stable prefix: [\d,]+ tokens/,
    );
    expect(result.stdout).toContain("time_context");
  });

  it("explain-cache names the first stable section that differs, with a diff", async () => {
    const result = await runCliBinary([
      "explain-cache",
      "--json",
      "--before",
      `${FACTS}/telegram-direct.json`,
      "--after",
      `${FACTS}/telegram-direct-browser-tool.json`,
    ]);
    expect(result.code).toBe(0);
    const explanation = JSON.parse(result.stdout) as {
      outcome: string;
      firstDifference: { sectionId: string; change: string; diff: string };
      sharedPrefix: { tokens: number };
      before: { stableTokens: number };
    };
    expect(explanation.outcome).toBe("differs");
    expect(explanation.firstDifference.sectionId).toBe("tooling");
    expect(explanation.firstDifference.diff).toContain(
      "+- browser: Open and drive a headless browser tab.",
    );
    expect(explanation.sharedPrefix.tokens).toBeLessThan(explanation.before.stableTokens);
  });

  it("invalid config exits 2 naming the file and every bad path, without a stack", async () => {
    const result = await runCliBinary([
      "render",
      "--config",
      "fixtures/cli/invalid-config/config.json5",
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("fixtures/cli/invalid-config/config.json5");
    expect(result.stderr).toContain("agents.defaults.bootstrapMaxChars");
    expect(result.stderr).toContain("agents.defaults.subagents.delegationMode");
    expect(result.stderr).toContain("CLI_CONFIG_INVALID");
    expectNoStack(result);
  });

  it("a missing workspace exits 2 with what, where and how to fix", async () => {
    const result = await runCliBinary(["context", "list", "--workspace", "no/such/workspace"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Workspace no/such/workspace does not exist.");
    expect(result.stderr).toContain("fix: Pass --workspace");
    expectNoStack(result);
  });

  describe("a workspace with every bootstrap file missing", () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "promptstack-cli-empty-"));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it("renders with a missing marker per required file", async () => {
      const result = await runCliBinary(["render", "--json", "--workspace", dir]);
      expect(result.code).toBe(0);
      const output = JSON.parse(result.stdout) as RenderOutput;
      const missing = output.bootstrap.filter((file) => file.status === "missing");
      expect(missing.map((file) => file.name)).toEqual([
        "AGENTS.md",
        "SOUL.md",
        "IDENTITY.md",
        "USER.md",
      ]);
      for (const file of missing) {
        expect(output.text).toContain(`[MISSING] Expected at: ${join(dir, file.name)}`);
      }
      expect(output.skills.eligible).toBe(0);
      expect(output.sections.map((section) => section.id)).not.toContain("skills");
    });
  });
});
