import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rejectedBy } from "@promptstack-tools/test-utils";
import { loadO200kTokenCounter } from "@promptstack/o200k";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestIo } from "../../test/create-test-io.js";
import { REPO_ROOT } from "../../test/run-cli-binary.js";
import { CliError } from "../cli-error.js";
import { discoverCliAssets } from "../inputs/discover-cli-assets.js";
import { createLazyTokenCounter } from "../inputs/create-lazy-token-counter.js";
import type { LazyTokenCounter } from "../inputs/create-lazy-token-counter.js";
import { buildCacheReport, planFacts, renderTurns } from "./build-cache-report.js";
import type { CacheReportOptions } from "./build-cache-report.js";
import { CACHE_REPORT_MAX_TURNS } from "./cache-report-limits.js";
import { loadFacts } from "../inputs/load-render-run.js";

const DEMO = join(REPO_ROOT, "fixtures", "workspaces", "demo");
const FACTS_FILE = join(REPO_ROOT, "fixtures", "cli", "facts", "telegram-direct.json");
const demo = discoverCliAssets().demo;
const BASE: CacheReportOptions = { userTokens: 60, assistantTokens: 250, provider: "anthropic" };

/** A counter that fails if loaded: flag checks come before the 3.5 MB rank table. */
const unloaded: LazyTokenCounter = {
  load: () => Promise.reject(new Error("the token counter was loaded")),
};

/** A folder of `count` copies of one facts file, named in turn order. */
async function factsFolder(name: string, count: number): Promise<string> {
  const dir = join(temp, name);
  await mkdir(dir);
  const text = await readFile(FACTS_FILE, "utf8");
  for (let index = 0; index < count; index++) {
    await writeFile(join(dir, `${String(index).padStart(4, "0")}.json`), text);
  }
  return dir;
}

let temp: string;
let workspace: string;
/** More facts files than the simulation takes. */
let many: string;
/** Facts whose first tool is `exec`, and facts without tools. */
let execFirst: string;
let noTools: string;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "promptstack-build-cache-report-"));
  // The demo workspace with a link in it: the edited copy leaves the link out.
  workspace = join(temp, "ws");
  await cp(DEMO, workspace, { recursive: true });
  await symlink(join(workspace, "MEMORY.md"), join(workspace, "LINKED.md"));
  const facts = JSON.parse(await readFile(FACTS_FILE, "utf8")) as { tools: { name: string }[] };
  execFirst = join(temp, "exec-first.json");
  const exec = facts.tools.find((tool) => tool.name === "exec")!;
  await writeFile(execFirst, JSON.stringify({ ...facts, tools: [exec, facts.tools[0]] }));
  noTools = join(temp, "no-tools.json");
  await writeFile(noTools, JSON.stringify({ ...facts, tools: [] }));
  many = await factsFolder("many", CACHE_REPORT_MAX_TURNS + 1);
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe("buildCacheReport: flags that do not combine", () => {
  it.each([
    [
      { harness: "codex" },
      "cache-report simulates the embedded harness's requests; --harness codex is not supported.",
      "--harness",
      "Leave --harness out.",
    ],
    [
      { facts: "facts.json", factsDir: "turns" },
      "--facts and --facts-dir do not combine.",
      "--facts-dir",
      "Pass --facts for generated per-turn facts, or --facts-dir for one file per turn.",
    ],
    [
      { editFile: "USER.md" },
      "--edit-file names the file --edit-every edits; --edit-every is missing.",
      "--edit-file",
      "Add --edit-every N, or leave --edit-file out.",
    ],
    [
      { model: "gpt-5.5", provider: "both" },
      "--model needs --provider anthropic or --provider openai.",
      "--model",
      "Add --provider, or leave --model out for the default models.",
    ],
  ] as const)("%j is a CLI_USAGE error", async (flags, message, path, hint) => {
    const error = await rejectedBy(
      buildCacheReport({ ...BASE, ...flags }, createTestIo(), unloaded),
    );
    expect(CliError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "CLI_USAGE", message, path, hint });
  });
});

describe("planFacts: --facts-dir", () => {
  it(`uses the first ${CACHE_REPORT_MAX_TURNS} of more files, with a warning; --turns says how many`, async () => {
    const capped = await planFacts({ ...BASE, factsDir: many }, createTestIo(), demo);
    expect(capped.facts).toHaveLength(CACHE_REPORT_MAX_TURNS);
    expect(capped.source).toBe(`one facts file per turn from ${many}, in name order`);
    expect(capped.diagnostics).toEqual([
      {
        code: "CLI_CACHE_REPORT_TURNS_CAPPED",
        severity: "warning",
        message: `${many} has 501 facts files; the simulation uses the first 500 in name order.`,
        path: many,
        hint: "Simulate at most 500 turns: split the folder, or pass --turns.",
      },
    ]);
    const two = await planFacts({ ...BASE, factsDir: many, turns: 2 }, createTestIo(), demo);
    expect(two.facts).toHaveLength(2);
    expect(two.diagnostics).toEqual([]);
  });

  it(`uses all of ${CACHE_REPORT_MAX_TURNS} files without a warning`, async () => {
    const full = await factsFolder("full", CACHE_REPORT_MAX_TURNS);
    const plan = await planFacts({ ...BASE, factsDir: full }, createTestIo(), demo);
    expect(plan.facts).toHaveLength(CACHE_REPORT_MAX_TURNS);
    expect(plan.diagnostics).toEqual([]);
  });

  it("refuses --turns above the number of files", async () => {
    const three = await factsFolder("three", 3);
    const error = await rejectedBy(
      planFacts({ ...BASE, factsDir: three, turns: 4 }, createTestIo(), demo),
    );
    expect(CliError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "CLI_USAGE",
      message: `--turns 4 asks for more turns than ${three} has facts files (3).`,
      path: "--turns",
      hint: "Leave --turns out to simulate one turn per file, or add files.",
    });
  });
});

describe("renderTurns: the edited copy of the workspace", () => {
  const optionsOf = (): CacheReportOptions => ({
    ...BASE,
    workspace,
    config: join(DEMO, "config.json5"),
  });
  const edits = {
    policy: "session",
    compacted: [],
    edit: { file: "MEMORY.md", every: 1 },
  } as const;

  it("is made only for edits, and says what it left out, under the workspace's own path", async () => {
    const facts = [await loadFacts(FACTS_FILE, createTestIo(), demo)];
    const plain = await renderTurns(optionsOf(), createTestIo(), "turn-context", facts);
    expect(plain.diagnostics).toEqual([]);
    const edited = await renderTurns(optionsOf(), createTestIo(), "turn-context", facts, edits);
    expect(edited.diagnostics).toEqual([
      {
        code: "CLI_WORKSPACE_COPY_SKIPPED",
        severity: "info",
        message: `${workspace}/LINKED.md is a symlink; the edited copy leaves it out.`,
        path: `${workspace}/LINKED.md`,
      },
    ]);
  });

  it("is removed afterwards", async () => {
    const tempRoot = join(temp, "tmp");
    await mkdir(tempRoot);
    vi.stubEnv("TMPDIR", tempRoot);
    try {
      const facts = [await loadFacts(FACTS_FILE, createTestIo(), demo)];
      const { turns } = await renderTurns(
        optionsOf(),
        createTestIo(),
        "turn-context",
        facts,
        edits,
      );
      expect(turns).toHaveLength(1);
      expect(await readdir(tempRoot)).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("buildCacheReport", () => {
  it("reports the tool result size, 800 tokens by default; keeps request bodies only for --requests-out", async () => {
    const counter = createLazyTokenCounter();
    const report = await buildCacheReport({ ...BASE, turns: 1 }, createTestIo(), counter);
    expect(report).toMatchObject({ turns: 1, toolRounds: 0, toolResultTokens: 800 });
    const requests = report.simulations.flatMap((simulation) => simulation.requests);
    expect(requests.map((request) => "body" in request)).toEqual([false, false]);
    const sized = await buildCacheReport(
      { ...BASE, turns: 1, toolRounds: 1, toolResultTokens: 50 },
      createTestIo(),
      counter,
    );
    expect(sized).toMatchObject({ toolRounds: 1, toolResultTokens: 50 });
  });

  it("lists the copy's diagnostics once, then an edit the prompt does not show", async () => {
    const report = await buildCacheReport(
      {
        ...BASE,
        workspace,
        config: join(DEMO, "config.json5"),
        turns: 2,
        prefixPolicy: "session",
        editEvery: 1,
        editFile: "NOTES.md",
      },
      createTestIo(),
      createLazyTokenCounter(),
    );
    expect(report.diagnostics).toEqual([
      {
        code: "CLI_WORKSPACE_COPY_SKIPPED",
        severity: "info",
        message: `${workspace}/LINKED.md is a symlink; the edited copy leaves it out.`,
        path: `${workspace}/LINKED.md`,
      },
      {
        code: "CLI_CACHE_REPORT_EDIT_UNSEEN",
        severity: "warning",
        message:
          "--edit-file NOTES.md is not a file the prompt shows, so its edits change nothing the model sees.",
        path: "--edit-file",
        hint: "Edit a bootstrap file the prompt injects: MEMORY.md (the default), AGENTS.md, SOUL.md, USER.md, ...",
      },
    ]);
  });

  it(`warns that it took the first ${CACHE_REPORT_MAX_TURNS} facts files`, async () => {
    // An empty workspace and empty messages keep 500 turns quick.
    const empty = join(temp, "empty-ws");
    await mkdir(empty);
    const report = await buildCacheReport(
      { ...BASE, userTokens: 0, assistantTokens: 0, workspace: empty, factsDir: many },
      createTestIo(),
      createLazyTokenCounter(),
    );
    expect(report.turns).toBe(CACHE_REPORT_MAX_TURNS);
    expect(report.diagnostics[0]).toEqual({
      code: "CLI_CACHE_REPORT_TURNS_CAPPED",
      severity: "warning",
      message: `${many} has 501 facts files; the simulation uses the first 500 in name order.`,
      path: many,
      hint: "Simulate at most 500 turns: split the folder, or pass --turns.",
    });
  }, 60_000);

  /** Turn 2's last tool round in the turn-context layout: the call and its result. */
  async function lastToolRound(facts: string) {
    const report = await buildCacheReport(
      { ...BASE, facts, turns: 2, toolRounds: 2, toolResultTokens: 50, requestsOut: "x.jsonl" },
      createTestIo(),
      createLazyTokenCounter(),
    );
    const simulation = report.simulations.find((s) => s.layout === "turn-context")!;
    const last = simulation.requests.at(-1)!;
    expect([last.turn, last.step]).toEqual([2, 2]);
    const body = last.body as { messages: { role: string; content: unknown[] }[] };
    const [call, result] = body.messages.slice(-2);
    return { call, result };
  }

  it("each tool round calls the turn's first tool and gets a result of --tool-result-tokens", async () => {
    const o200k = await loadO200kTokenCounter();
    const { call, result } = await lastToolRound(execFirst);
    expect(call).toEqual({
      role: "assistant",
      content: [
        { type: "tool_use", id: "call_2_2", name: "exec", input: { query: "turn 2 step 2" } },
      ],
    });
    expect(result!.role).toBe("user");
    const [block] = result!.content as { type: string; tool_use_id: string; content: string }[];
    expect(block).toMatchObject({ type: "tool_result", tool_use_id: "call_2_2" });
    const [header, text] = block!.content.split(/\n(.*)/s);
    expect(header).toBe("result of call 2.2");
    expect(o200k.countTokens(text!)).toBeGreaterThanOrEqual(50);
    expect(o200k.countTokens(text!)).toBeLessThanOrEqual(53);
  });

  it("a turn without tools calls read", async () => {
    const { call } = await lastToolRound(noTools);
    expect(call!.content).toEqual([
      { type: "tool_use", id: "call_2_2", name: "read", input: { query: "turn 2 step 2" } },
    ]);
  });
});
