import { cp, mkdtemp, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { AgentSystemPromptInput, RenderedPrompt } from "@promptstack/renderer";
import { PINNED_CODEX_VERSION } from "@promptstack/harness-codex";
import {
  buildCodexScenarioParams,
  buildPromptSnapshots,
  checkPromptSnapshots,
  generatePromptSnapshotFiles,
  loadPromptSnapshotInputs,
  readPromptSnapshotFiles,
  writePromptSnapshots,
} from "../src/index.js";
import type { PromptSnapshotInputs } from "../src/index.js";
import { createCodexSchemaAjv } from "@promptstack-tools/test-utils";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
let tempRoot: string;
let inputs: PromptSnapshotInputs;

/**
 * A copy of the fixtures the pipeline reads, so tests can edit or delete snapshot files. Its
 * snapshots are regenerated, so these tests do not depend on the committed ones being current.
 */
async function copyRepoFixtures(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "prompt-snapshots-"));
  for (const dir of ["snapshot-scenarios", "codex-model-catalog", "prompt-snapshots"]) {
    await cp(join(REPO_ROOT, "fixtures", dir), join(root, "fixtures", dir), { recursive: true });
  }
  await writePromptSnapshots(
    join(root, "fixtures/prompt-snapshots"),
    await generatePromptSnapshotFiles({ repoRoot: root }),
  );
  return root;
}

beforeAll(async () => {
  tempRoot = await copyRepoFixtures();
  inputs = await loadPromptSnapshotInputs({
    repoRoot: REPO_ROOT,
    codexVersion: PINNED_CODEX_VERSION,
  });
});

afterAll(async () => {
  await rm(tempRoot, { recursive: true, force: true });
});

// Whether the committed snapshots are current is the gate `pnpm prompt:snapshots:check` (run once
// in `pnpm check` and in CI's gates job), not a test: the test matrix would run it once per Node.
describe("committed prompt snapshots", () => {
  it("cover six Codex scenarios and seven embedded ones", async () => {
    const files = [...(await generatePromptSnapshotFiles({ repoRoot: REPO_ROOT })).keys()];
    expect(files.filter((path) => path.startsWith("codex-runtime-happy-path/"))).toHaveLength(12);
    expect(files.filter((path) => path.startsWith("embedded-happy-path/"))).toHaveLength(7);
    expect(files).toContain("embedded-happy-path/telegram-direct-compact.md");
    expect(files).toContain("embedded-happy-path/subagent-minimal.md");
    expect(files).toContain("codex-runtime-happy-path/codex-dynamic-tools.heartbeat.json");
  });

  it("are deterministic and independent of where the repo lives", async () => {
    const here = await generatePromptSnapshotFiles({ repoRoot: REPO_ROOT });
    const elsewhere = await generatePromptSnapshotFiles({ repoRoot: tempRoot });
    expect(elsewhere).toEqual(here);
    for (const content of here.values()) {
      expect(content).not.toContain(REPO_ROOT);
      expect(content).not.toContain(tempRoot);
      expect(content.endsWith("\n")).toBe(true);
      expect(content).not.toContain("\r");
    }
  });

  it("record the Codex version and the section sizes", async () => {
    const files = await generatePromptSnapshotFiles({ repoRoot: REPO_ROOT });
    expect(files.get("codex-runtime-happy-path/heartbeat.md")).toContain(
      `| codex version | ${PINNED_CODEX_VERSION} |`,
    );
    const embedded = files.get("embedded-happy-path/telegram-direct.md") ?? "";
    expect(embedded).toMatch(/\| \d+ \| execution_bias \| .* \| stable \| \d+ \| \d+ \|/);
  });
});

describe("the snapshot check fails on drift", () => {
  it("after a one-word change of prompt text", async () => {
    const render = (input: AgentSystemPromptInput): RenderedPrompt => {
      const rendered = buildAgentSystemPrompt(input);
      // One word in one section: the first "the" of the Execution Bias section.
      const change = (text: string): string =>
        text.replace(/(## Execution Bias[\s\S]*?)\bthe\b/, "$1teh");
      return {
        ...rendered,
        text: change(rendered.text),
        sections: rendered.sections.map((section) => ({ ...section, text: change(section.text) })),
      };
    };
    const result = await checkPromptSnapshots({ repoRoot: REPO_ROOT, render });
    expect(result.ok).toBe(false);
    expect(result.drift.stale.length).toBeGreaterThanOrEqual(9);
    expect(result.report).toMatch(/^\+.*\bteh\b/m);
    expect(result.report).toMatch(/^-.*\bthe\b/m);
    expect(result.report).toContain("Fix: run `pnpm prompt:snapshots:gen`");
  });

  it("after a one-word change of a workspace file", async () => {
    const root = await copyRepoFixtures();
    try {
      const soul = join(root, "fixtures/snapshot-scenarios/home/workspace/SOUL.md");
      await writeFile(soul, (await readFile(soul, "utf8")).replace("curious", "patient"));
      const result = await checkPromptSnapshots({ repoRoot: root });
      expect(result.ok).toBe(false);
      expect(result.report).toContain("patient");
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("when a snapshot was edited by hand", async () => {
    const path = join(tempRoot, "fixtures/prompt-snapshots/embedded-happy-path/heartbeat.md");
    const original = await readFile(path, "utf8");
    await writeFile(path, original.replace("## Sections", "## Section list"));
    try {
      const result = await checkPromptSnapshots({ repoRoot: tempRoot });
      expect(result.ok).toBe(false);
      expect(result.drift.stale.map((entry) => entry.path)).toEqual([
        "embedded-happy-path/heartbeat.md",
      ]);
      expect(result.report).toMatch(/^-## Section list$/m);
      expect(result.report).toMatch(/^\+## Sections$/m);
    } finally {
      await writeFile(path, original);
    }
  });

  it("when a snapshot was deleted", async () => {
    const path = join(
      tempRoot,
      "fixtures/prompt-snapshots/codex-runtime-happy-path/discord-group.md",
    );
    const original = await readFile(path, "utf8");
    await unlink(path);
    try {
      const result = await checkPromptSnapshots({ repoRoot: tempRoot });
      expect(result.ok).toBe(false);
      expect(result.drift.missing).toEqual(["codex-runtime-happy-path/discord-group.md"]);
      expect(result.report).toContain("missing: codex-runtime-happy-path/discord-group.md");
    } finally {
      await writeFile(path, original);
    }
  });

  it("when a stale extra snapshot remains", async () => {
    const path = join(tempRoot, "fixtures/prompt-snapshots/embedded-happy-path/old-scenario.md");
    await writeFile(path, "# gone\n");
    try {
      const result = await checkPromptSnapshots({ repoRoot: tempRoot });
      expect(result.ok).toBe(false);
      expect(result.drift.extra).toEqual(["embedded-happy-path/old-scenario.md"]);
    } finally {
      await unlink(path);
    }
  });
});

describe("writePromptSnapshots", () => {
  it("writes changed files, removes extras, and then the check passes", async () => {
    const root = await copyRepoFixtures();
    try {
      const snapshots = join(root, "fixtures/prompt-snapshots");
      await unlink(join(snapshots, "embedded-happy-path/heartbeat.md"));
      await writeFile(join(snapshots, "embedded-happy-path/extra.md"), "x\n");
      const files = await generatePromptSnapshotFiles({ repoRoot: root });
      const result = await writePromptSnapshots(snapshots, files);
      expect(result).toEqual({
        written: ["embedded-happy-path/heartbeat.md"],
        removed: ["embedded-happy-path/extra.md"],
      });
      expect(await readPromptSnapshotFiles(snapshots)).toEqual(files);
      expect((await checkPromptSnapshots({ repoRoot: root })).ok).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("scenario params against the real Codex 0.171.0 schemas", () => {
  const schemaDir = join(REPO_ROOT, "fixtures/codex-protocol", PINNED_CODEX_VERSION, "v2");
  const ajv = createCodexSchemaAjv();

  it("validate for every scenario and every connection kind", async () => {
    const load = async (name: string) =>
      JSON.parse(await readFile(join(schemaDir, `${name}.json`), "utf8")) as object;
    const validate = {
      start: ajv.compile(await load("ThreadStartParams")),
      resume: ajv.compile(await load("ThreadResumeParams")),
      turn: ajv.compile(await load("TurnStartParams")),
    };
    let checked = 0;
    for (const connection of ["managed-stdio", "external", "desktop"] as const) {
      const variant: PromptSnapshotInputs = {
        ...inputs,
        scenarios: inputs.scenarios.map((scenario) =>
          scenario.codex === undefined
            ? scenario
            : { ...scenario, codex: { ...scenario.codex, connection } },
        ),
      };
      for (const params of buildCodexScenarioParams(variant, { render: buildAgentSystemPrompt })) {
        for (const [kind, value] of [
          ["start", params.threadStart],
          ["resume", params.threadResume],
          ["turn", params.turnStart],
        ] as const) {
          expect(validate[kind](value), `${params.name} ${connection} ${kind}`).toBe(true);
          expect(JSON.stringify(value)).not.toMatch(/<!-- [A-Z_]+ -->/);
          checked += 1;
        }
      }
    }
    expect(checked).toBe(54);
  });

  it("never lets a persona file reach native params on managed stdio", () => {
    const telegram = buildCodexScenarioParams(inputs, { render: buildAgentSystemPrompt }).find(
      (params) => params.name === "telegram-direct",
    );
    expect(telegram?.plan.parentRequestInstructions).toContain("Calm, curious and exact.");
    expect(JSON.stringify([telegram?.threadStart, telegram?.turnStart])).not.toContain(
      "Calm, curious and exact.",
    );
  });
});

describe("buildPromptSnapshots", () => {
  it("uses the injected token counter in the layer table", () => {
    const files = buildPromptSnapshots(inputs, {
      render: buildAgentSystemPrompt,
      countTokens: () => 7,
    });
    expect(files.get("codex-runtime-happy-path/telegram-direct.md")).toMatch(
      /\| 1 \| system \| codex model prompt gpt-5\.5 \(models_cache\.json\) \| \d+ \| 7 \|/,
    );
  });
});
