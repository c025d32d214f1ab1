import {
  appendFile,
  copyFile,
  cp,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRunFacts } from "@promptstack/config";
import type { CacheReport } from "../src/reports/build-cache-report.js";
import { planFacts, renderTurns } from "../src/reports/build-cache-report.js";
import { CACHE_REPORT_MAX_TURNS } from "../src/reports/cache-report-limits.js";
import { discoverCliAssets } from "../src/inputs/discover-cli-assets.js";
import type { ProviderCacheReport } from "../src/reports/explain-provider-cache-report.js";
import { createTestIo, runCliCaptured } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

const FACTS = "fixtures/cli/facts";
const DEMO = join(REPO_ROOT, "fixtures", "workspaces", "demo");

function share(report: CacheReport, provider: string, layout: string): number {
  const simulation = report.simulations.find(
    (s) => s.provider === provider && s.layout === layout,
  )!;
  return simulation.fromTurnTwo.cachedTokens / simulation.fromTurnTwo.inputTokens;
}

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "promptstack-cache-report-"));
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe("promptstack cache-report", () => {
  let report: CacheReport;

  it("--tool-rounds, --compact-every, --requests-out: one JSONL line per request, bodies as sent", async () => {
    const file = join(temp, "out", "requests.jsonl");
    const { code, out, err } = await runCliCaptured([
      "cache-report",
      "--turns",
      "3",
      "--provider",
      "anthropic",
      "--tool-rounds",
      "2",
      "--tool-result-tokens",
      "50",
      "--compact-every",
      "2",
      "--requests-out",
      file,
      "--json",
    ]);
    expect(code, err).toBe(0);
    const parsed = JSON.parse(out) as CacheReport;
    expect(parsed.toolRounds).toBe(2);
    expect(parsed.compactEvery).toBe(2);
    const lines = (await readFile(file, "utf8")).trimEnd().split("\n");
    // Per layout: 3 turns × (1 + 2 tool steps) + 1 compaction request before turn 3.
    expect(lines).toHaveLength(20);
    const requests = lines.map(
      (line) =>
        JSON.parse(line) as {
          provider: string;
          layout: string;
          turn: number;
          step: number | string;
          body: { messages: { role: string; content: { type: string }[] }[] };
        },
    );
    expect(requests.slice(0, 10).map((r) => `${r.turn}.${r.step}`)).toEqual([
      "1.0",
      "1.1",
      "1.2",
      "2.0",
      "2.1",
      "2.2",
      "3.compaction",
      "3.0",
      "3.1",
      "3.2",
    ]);
    const step = requests[1]!.body.messages;
    expect(step.map((m) => m.content.map((c) => c.type).join("+"))).toEqual([
      "text",
      "tool_use",
      "tool_result",
    ]);
    expect(parsed.simulations[0]!.requests).toHaveLength(10);
    expect(JSON.stringify(parsed)).not.toContain('"body"');
  }, 120_000);

  it("text: tool rounds and compactions are named above the tables and counted per request below", async () => {
    const toolArgs = [
      "cache-report",
      "--turns",
      "2",
      "--provider",
      "anthropic",
      "--tool-rounds",
      "1",
    ];
    const tools = await runCliCaptured(toolArgs);
    expect(tools.code, tools.err).toBe(0);
    expect(tools.out).toContain(
      "\nEach turn: 1 tool round(s) with results of about 800 tokens. Table rows add up every request of a turn.\n",
    );
    // The share over requests 2-4 is the JSON's afterFirstRequest, not turns 2-N.
    const json = JSON.parse((await runCliCaptured([...toolArgs, "--json"])).out) as CacheReport;
    const shares = json.simulations.map(({ layout, afterFirstRequest: counts }) => {
      const share = ((100 * counts.cachedTokens) / counts.inputTokens).toFixed(1);
      return `${layout} ${share}%`;
    });
    expect(tools.out).toContain(
      `\nanthropic: requests 2-4 (tool steps included) served from cache: ${shares.join(", ")} (estimate).\n`,
    );
    const compacted = await runCliCaptured([
      "cache-report",
      "--turns",
      "3",
      "--provider",
      "anthropic",
      "--compact-every",
      "2",
    ]);
    expect(compacted.code, compacted.err).toBe(0);
    expect(compacted.out).toContain(
      "\nEach turn: 0 tool round(s) with results of about 800 tokens; the history compacted every 2 turns. Table rows add up every request of a turn.\n",
    );
    expect(compacted.out).toMatch(
      /\nanthropic: requests 2-4 \(tool steps and compactions included\) served from cache: /,
    );
    const plain = await runCliCaptured(["cache-report", "--turns", "2", "--provider", "anthropic"]);
    expect(plain.out).not.toContain("Each turn:");
    expect(plain.out).not.toContain("requests 2-");
  }, 120_000);

  it("--json: 30 demo turns, both providers and layouts, turn-context ≥ 95% cached over turns 2-30", async () => {
    const { code, out, err } = await runCliCaptured(["cache-report", "--json"]);
    expect(code, err).toBe(0);
    report = JSON.parse(out) as CacheReport;
    expect(report.estimate).toBe(true);
    expect(report.turns).toBe(30);
    expect(report.factsSource).toContain("time.date moved forward one day per turn");
    expect(report.simulations.map((s) => `${s.provider}/${s.layout}/${s.model}`)).toEqual([
      "anthropic/system-tail/claude-sonnet-4-5",
      "anthropic/turn-context/claude-sonnet-4-5",
      "openai/system-tail/gpt-5.5",
      "openai/turn-context/gpt-5.5",
    ]);
    for (const simulation of report.simulations) expect(simulation.turns).toHaveLength(30);
    for (const provider of ["anthropic", "openai"]) {
      expect(share(report, provider, "turn-context")).toBeGreaterThanOrEqual(0.95);
      // The per-turn date sits before the history in system-tail: far less is cached there.
      expect(share(report, provider, "system-tail")).toBeLessThan(0.7);
    }
  }, 120_000);

  it("renders turn-context turns with the Runtime Context sentence on where facts arrive", async () => {
    const raw: unknown = JSON.parse(
      await readFile(join(REPO_ROOT, FACTS, "telegram-direct.json"), "utf8"),
    );
    const facts = [parseRunFacts(raw, { source: "telegram-direct.json" })];
    const options = { userTokens: 60, assistantTokens: 250, provider: "both" as const };
    const sentence = "as runtime context at the start of the newest user message";
    const {
      turns: [turnContext],
    } = await renderTurns(options, createTestIo(), "turn-context", facts);
    const {
      turns: [systemTail],
    } = await renderTurns(options, createTestIo(), "system-tail", facts);
    expect(turnContext!.model.stable).toContain(sentence);
    expect(systemTail!.model.stable).not.toContain(sentence);
  });

  it("prints both layouts per provider as a table, called an estimate", async () => {
    const { code, out, err } = await runCliCaptured(["cache-report", "--turns", "4"]);
    expect(code, err).toBe(0);
    expect(out).toContain("Cache report (an estimate): 4 turns");
    expect(out).toContain("| turn | anthropic system-tail input |");
    expect(out).toContain("anthropic turn-context input");
    expect(out).toContain("| turn | openai system-tail input |");
    expect(out).toMatch(/\| turns 2-4 \|/);
    expect(out).toMatch(
      /anthropic: turns 2-4 served from cache: system-tail [\d.]+%, turn-context [\d.]+% \(estimate\)/,
    );
  }, 60_000);

  it("honours --provider, --model and the message sizes", async () => {
    const small = await runCliCaptured([
      "cache-report",
      "--json",
      "--turns",
      "2",
      "--provider",
      "openai",
      "--user-tokens",
      "10",
      "--assistant-tokens",
      "20",
    ]);
    const large = await runCliCaptured([
      "cache-report",
      "--json",
      "--turns",
      "2",
      "--provider",
      "openai",
      "--model",
      "gpt-5.6",
      "--user-tokens",
      "500",
      "--assistant-tokens",
      "900",
    ]);
    expect(small.code, small.err).toBe(0);
    expect(large.code, large.err).toBe(0);
    const a = JSON.parse(small.out) as CacheReport;
    const b = JSON.parse(large.out) as CacheReport;
    expect(a.simulations.map((s) => s.model)).toEqual(["gpt-5.5", "gpt-5.5"]);
    expect(b.simulations.map((s) => s.model)).toEqual(["gpt-5.6", "gpt-5.6"]);
    // Turn 2 carries turn 1's user message and reply, then its own user message.
    const growth = (r: CacheReport) =>
      r.simulations[0]!.turns[1]!.inputTokens - r.simulations[0]!.turns[0]!.inputTokens;
    // (900 - 20) more reply tokens and (500 - 10) more user tokens: 1370, give or take a word.
    expect(growth(b) - growth(a)).toBeGreaterThanOrEqual(1_365);
    expect(growth(b) - growth(a)).toBeLessThanOrEqual(1_380);
  }, 60_000);

  it("--facts-dir: one turn per file in name order; --turns may take fewer, never more", async () => {
    const dir = join(temp, "facts");
    await mkdir(dir);
    await copyFile(join(REPO_ROOT, FACTS, "telegram-direct.json"), join(dir, "01.json"));
    await copyFile(join(REPO_ROOT, FACTS, "telegram-direct-next-day.json"), join(dir, "02.json"));
    await copyFile(join(REPO_ROOT, FACTS, "discord-group.json"), join(dir, "03.json"));
    const all = await runCliCaptured(["cache-report", "--json", "--facts-dir", dir]);
    expect(all.code, all.err).toBe(0);
    const parsed = JSON.parse(all.out) as CacheReport;
    expect(parsed.turns).toBe(3);
    expect(parsed.factsSource).toContain("in name order");
    const two = await runCliCaptured([
      "cache-report",
      "--json",
      "--facts-dir",
      dir,
      "--turns",
      "2",
    ]);
    expect((JSON.parse(two.out) as CacheReport).turns).toBe(2);
    const tooMany = await runCliCaptured(["cache-report", "--facts-dir", dir, "--turns", "4"]);
    expect(tooMany.code).toBe(2);
    expect(tooMany.err).toContain("CLI_USAGE");
    const empty = join(temp, "empty");
    await mkdir(empty);
    const none = await runCliCaptured(["cache-report", "--facts-dir", empty]);
    expect(none.code).toBe(2);
    expect(none.err).toContain("holds no .json files");
  }, 60_000);

  it("rejects bad flag combinations with exit 2", async () => {
    for (const args of [
      ["cache-report", "--model", "gpt-5.5"],
      ["cache-report", "--turns", "0"],
      ["cache-report", "--turns", "3x"],
      ["cache-report", "--user-tokens", "-1"],
      ["cache-report", "--provider", "gemini"],
      ["cache-report", "--harness", "codex"],
      ["cache-report", "--facts", `${FACTS}/telegram-direct.json`, "--facts-dir", FACTS],
    ]) {
      const { code, err } = await runCliCaptured(args);
      expect(code, args.join(" ")).toBe(2);
      expect(err, args.join(" ")).not.toMatch(/\n\s+at /);
    }
  });
});

describe("promptstack explain-cache --provider", () => {
  const pair = (after: string) => [
    "--before",
    `${FACTS}/telegram-direct.json`,
    "--after",
    `${FACTS}/${after}`,
  ];

  it("anthropic: an added tool is a full miss (tools come first)", async () => {
    const text = await runCliCaptured([
      "explain-cache",
      "--provider",
      "anthropic",
      ...pair("telegram-direct-browser-tool.json"),
    ]);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toContain("Full miss: nothing of the prefix is read from cache.");
    expect(text.out).toContain("tools → system → messages");
    expect(text.out).toContain("Tools added: browser.");
    const json = await runCliCaptured([
      "explain-cache",
      "--provider",
      "anthropic",
      "--json",
      ...pair("telegram-direct-browser-tool.json"),
    ]);
    const report = JSON.parse(json.out) as ProviderCacheReport;
    expect(report.firstChange).toBe("tools[browser]");
    expect(report.reusedTokens).toBe(0);
    expect(report.rebilledTokens).toBe(report.prefixTokens.after);
    expect(report.toolChanges.added).toEqual(["browser"]);
    expect(report.estimate).toBe(true);
  });

  it("a next-day turn keeps the history cached in turn-context, not in system-tail", async () => {
    const turnContext = JSON.parse(
      (
        await runCliCaptured([
          "explain-cache",
          "--provider",
          "anthropic",
          "--json",
          ...pair("telegram-direct-next-day.json"),
        ])
      ).out,
    ) as ProviderCacheReport;
    expect(turnContext.firstChange).toBeUndefined();
    expect(turnContext.historyReused).toBe(true);
    const systemTail = JSON.parse(
      (
        await runCliCaptured([
          "explain-cache",
          "--provider",
          "openai",
          "--layout",
          "system-tail",
          "--json",
          ...pair("telegram-direct-next-day.json"),
        ])
      ).out,
    ) as ProviderCacheReport;
    expect(systemTail.layout).toBe("system-tail");
    expect(systemTail.firstChange).toBe("system.volatile");
    expect(systemTail.historyReused).toBe(false);
  });

  it("compares two workspace states: a MEMORY.md edit keeps the tools cached", async () => {
    const before = join(temp, "before");
    const after = join(temp, "after");
    await cp(DEMO, before, { recursive: true });
    await cp(DEMO, after, { recursive: true });
    await appendFile(join(after, "MEMORY.md"), "- 2026-11-30: Swimming moves to Thursdays.\n");
    const flags = [
      "--config",
      join(DEMO, "config.json5"),
      "--before-workspace",
      before,
      "--after-workspace",
      after,
    ];
    const anthropic = JSON.parse(
      (await runCliCaptured(["explain-cache", "--provider", "anthropic", "--json", ...flags])).out,
    ) as ProviderCacheReport;
    expect(anthropic.firstChange).toMatch(/^system\./);
    expect(anthropic.toolChanges).toEqual({ added: [], removed: [], changed: [] });
    expect(anthropic.reusedTokens).toBeGreaterThan(0);
    expect(anthropic.reusedTokens).toBeLessThan(anthropic.prefixTokens.after);
    const openai = JSON.parse(
      (await runCliCaptured(["explain-cache", "--provider", "openai", "--json", ...flags])).out,
    ) as ProviderCacheReport;
    // Both folders are shown under one path: only the MEMORY.md line differs, near the end.
    expect(openai.reusedTokens).toBeGreaterThan(openai.prefixTokens.after * 0.9);
    const legacy = await runCliCaptured(["explain-cache", ...flags]);
    expect(legacy.code, legacy.err).toBe(0);
    expect(legacy.out).toContain("`workspace_files`");
    expect(legacy.out).toContain("+- 2026-11-30: Swimming moves to Thursdays.");
    const same = JSON.parse(
      (
        await runCliCaptured([
          "explain-cache",
          "--provider",
          "anthropic",
          "--json",
          ...flags.slice(0, 4),
          "--after-workspace",
          before,
        ])
      ).out,
    ) as ProviderCacheReport;
    expect(same.firstChange).toBeUndefined();
  }, 60_000);

  it("rejects half pairs and provider-only flags without --provider", async () => {
    for (const args of [
      ["explain-cache", "--before", `${FACTS}/telegram-direct.json`],
      ["explain-cache", "--before-workspace", DEMO],
      ["explain-cache", "--model", "gpt-5.5", ...pair("discord-group.json")],
      ["explain-cache", "--provider", "gemini", ...pair("discord-group.json")],
      ["explain-cache", "--workspace", DEMO, "--before-workspace", DEMO, "--after-workspace", DEMO],
    ]) {
      const { code } = await runCliCaptured(args);
      expect(code, args.join(" ")).toBe(2);
    }
  });
});

describe("cache-report --facts-dir turn cap", () => {
  it("uses at most CACHE_REPORT_MAX_TURNS files, in name order, and says so", async () => {
    const dir = await mkdtemp(join(tmpdir(), "promptstack-facts-cap-"));
    const facts = await readFile(join(REPO_ROOT, FACTS, "telegram-direct.json"));
    const count = CACHE_REPORT_MAX_TURNS + 3;
    for (let index = 0; index < count; index++) {
      await writeFile(join(dir, `${String(index).padStart(4, "0")}.json`), facts);
    }
    const io = createTestIo();
    const plan = await planFacts(
      { factsDir: dir, userTokens: 1, assistantTokens: 1, provider: "both" },
      io,
      (io.assets ?? discoverCliAssets()).demo,
    );
    expect(plan.facts).toHaveLength(CACHE_REPORT_MAX_TURNS);
    expect(plan.diagnostics).toEqual([
      expect.objectContaining({ code: "CLI_CACHE_REPORT_TURNS_CAPPED", severity: "warning" }),
    ]);
    await rm(dir, { recursive: true, force: true });
  }, 60_000);
});
