import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

const MIXED_LEDGER = join(
  REPO_ROOT,
  "fixtures/cli/cache-ledger/mixed-providers-below-minimum-unexplained-and-unreadable-usage/requests.jsonl",
);

/** A workspace with two skills that have no description: two different warnings. */
function createWorkspaceWithTwoBadSkills(): { workspace: string; skills: string[] } {
  const workspace = createTempDir("promptstack-command-stderr-");
  const skills = ["first", "second"].map((name) => {
    mkdirSync(join(workspace, "skills", name), { recursive: true });
    const skill = join(workspace, "skills", name, "SKILL.md");
    writeFileSync(skill, `---\nname: ${name}\n---\nNo description here.\n`);
    return skill;
  });
  return { workspace, skills };
}

describe("what the commands print on stderr", () => {
  it("doctor --model without --provider is a usage error with its fix", async () => {
    const io = createTestIo();
    expect(await runCli(["doctor", "--model", "gpt-5.5"], io)).toBe(2);
    expect(io.err).toBe(
      "promptstack: error CLI_USAGE: --model applies only with --provider.\n  fix: Add --provider anthropic or --provider openai.\n",
    );
    expect(io.out).toBe("");
  });

  it("cache-ledger names each problem with its line and leaves infos out", async () => {
    const lines = readFileSync(MIXED_LEDGER, "utf8").split("\n");
    // Line 1: a Bedrock model without caching facts (an info); line 2: unreadable usage.
    const unknownModel = (lines[4] as string).replaceAll(
      "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
      "mystery-1",
    );
    const file = join(createTempDir("promptstack-ledger-infos-"), "requests.jsonl");
    writeFileSync(file, `${unknownModel}\n${lines[6] as string}\n`);
    const json = createTestIo();
    expect(await runCli(["cache-ledger", file, "--json"], json), json.err).toBe(0);
    const report = JSON.parse(json.out) as { diagnostics: { severity: string; code: string }[] };
    expect(report.diagnostics.map((diagnostic) => diagnostic.severity)).toEqual([
      "info",
      "warning",
    ]);
    const io = createTestIo();
    expect(await runCli(["cache-ledger", file], io), io.err).toBe(0);
    expect(io.err).toBe(
      'warning PROVIDERS_USAGE_MALFORMED: line 2: openai-responses usage is not readable: input_tokens must be a whole number ≥ 0, got "many".\n' +
        "  fix: Pass the usage object exactly as the provider returned it (the response's usage field).\n",
    );
  });

  it("cache-report prints each different problem once", async () => {
    const { workspace, skills } = createWorkspaceWithTwoBadSkills();
    const io = createTestIo();
    expect(
      await runCli(["cache-report", "--turns", "2", "--workspace", workspace], io),
      io.err,
    ).toBe(0);
    const problem = (name: string, skill: string) =>
      `error SKILL_DESCRIPTION_MISSING: Skill "${name}" has no description; the skill was skipped. (${skill})\n` +
      "  fix: Add `description:` with one sentence on when to use the skill.\n";
    expect(io.err).toBe(
      problem("first", skills[0] as string) + problem("second", skills[1] as string),
    );
  });

  it("a piped render with the Codex harness prints no summary line", async () => {
    const io = createTestIo();
    expect(await runCli(["render", "--harness", "codex"], io), io.err).toBe(0);
    expect(io.out).not.toBe("");
    expect(io.err).toBe("");
  });
});

describe("context --json", () => {
  it("list keeps the skill and tool totals and leaves their entries to detail", async () => {
    const list = createTestIo();
    expect(await runCli(["context", "list", "--json"], list), list.err).toBe(0);
    const listed = JSON.parse(list.out) as Record<string, Record<string, unknown>>;
    expect(Object.keys(listed)).toEqual(
      expect.arrayContaining(["bootstrap", "skills", "tools", "sections", "totals", "diagnostics"]),
    );
    expect(listed.skills).toMatchObject({
      discovered: expect.any(Number),
      included: expect.any(Number),
    });
    expect(listed.skills).not.toHaveProperty("entries");
    expect(listed.tools).toMatchObject({ count: 14, tokens: expect.any(Number) });
    expect(listed.tools).not.toHaveProperty("entries");
    const detail = createTestIo();
    expect(await runCli(["context", "detail", "--json"], detail), detail.err).toBe(0);
    const detailed = JSON.parse(detail.out) as Record<string, Record<string, unknown>>;
    expect(detailed.skills?.entries).toEqual(expect.any(Array));
    expect(detailed.tools?.entries).toHaveLength(14);
  });
});

describe("cache-report --json", () => {
  it("keeps each request's counts and leaves its body to --requests-out", async () => {
    const io = createTestIo();
    expect(
      await runCli(["cache-report", "--turns", "2", "--provider", "anthropic", "--json"], io),
      io.err,
    ).toBe(0);
    const report = JSON.parse(io.out) as { simulations: { requests: Record<string, unknown>[] }[] };
    const requests = report.simulations.flatMap((simulation) => simulation.requests);
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request).toMatchObject({ turn: expect.any(Number), inputTokens: expect.any(Number) });
      expect(request).not.toHaveProperty("body");
    }
  });
});
