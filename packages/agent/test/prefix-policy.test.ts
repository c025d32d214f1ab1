import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentError, createPromptAssembler, parseRunFacts } from "../src/index.js";
import type { PromptAssemblerOptions, RunFacts } from "../src/index.js";

const DEMO = fileURLToPath(new URL("../../../fixtures/workspaces/demo", import.meta.url));
let workspaceDir: string;
let facts: RunFacts;

function options(extra: Partial<PromptAssemblerOptions> = {}): PromptAssemblerOptions {
  return {
    config: join(workspaceDir, "config.json5"),
    workspaceDir,
    skillRoots: [],
    skillEnvironment: { platform: "linux", env: {}, hasBin: () => false },
    ...extra,
  };
}

beforeEach(async () => {
  workspaceDir = join(await mkdtemp(join(tmpdir(), "promptstack-prefix-")), "demo");
  await cp(DEMO, workspaceDir, { recursive: true });
  facts = parseRunFacts(JSON.parse(await readFile(join(workspaceDir, "facts.json"), "utf8")));
});

afterEach(async () => {
  await rm(join(workspaceDir, ".."), { recursive: true, force: true });
});

const at = (minutes: number) => ({ now: Date.UTC(2026, 10, 29, 9, minutes) });

describe("prefixPolicy", () => {
  it("live (the default) shows an edit in the prefix and carries no note", async () => {
    const assembler = await createPromptAssembler(options());
    const first = await assembler.turn(facts, at(0));
    await appendFile(join(workspaceDir, "MEMORY.md"), "- planted-live-line\n");
    const second = await assembler.turn(facts, at(1));
    expect(second.model.stable).not.toBe(first.model.stable);
    expect(second.model.stable).toContain("planted-live-line");
    expect(second.prefix).toEqual({ policy: "live", pendingChanges: [], noteChars: 0 });
    await assembler.close();
  });

  it("session keeps the prefix, notes the edit, and refreshes when the cache is cold", async () => {
    const assembler = await createPromptAssembler(options({ prefixPolicy: "session" }));
    const first = await assembler.turn(facts, at(0));
    expect(first.prefix.refreshed).toEqual({ reason: "start" });
    await appendFile(join(workspaceDir, "MEMORY.md"), "- planted-session-line\n");
    const second = await assembler.turn(facts, at(4));
    expect(second.model.stable).toBe(first.model.stable);
    expect(second.model.volatile).toContain("+ - planted-session-line");
    expect(second.prefix.refreshed).toBeUndefined();
    expect(second.prefix.pinnedAt).toBe(at(0).now);
    expect(second.prefix.noteChars).toBeGreaterThan(0);
    // The note repeats until a refresh: 4 minutes later is still warm.
    const third = await assembler.turn(facts, at(8));
    expect(third.model.volatile).toContain("planted-session-line");
    // More than 5 minutes since the last turn: the cache is cold, the prefix takes the edit.
    const cold = await assembler.turn(facts, at(14));
    expect(cold.prefix.refreshed).toEqual({ reason: "cold-cache" });
    expect(cold.model.stable).toContain("planted-session-line");
    expect(cold.model.volatile).not.toContain("planted-session-line");
    await assembler.close();
  });

  it("reads the time from the facts when no `now` is given, with a configurable TTL", async () => {
    const assembler = await createPromptAssembler(
      options({ prefixPolicy: "session", prefixTtlMs: 60_000 }),
    );
    await assembler.turn({ ...facts, time: { ...facts.time, time: "09:00" } });
    const warm = await assembler.turn({ ...facts, time: { ...facts.time, time: "09:01" } });
    expect(warm.prefix.refreshed).toBeUndefined();
    const cold = await assembler.turn({ ...facts, time: { ...facts.time, time: "09:03" } });
    expect(cold.prefix.refreshed).toEqual({ reason: "cold-cache" });
    await assembler.close();
  });

  it("refreshes on compaction, refreshPrefix(), refresh() and a note over its limit", async () => {
    const assembler = await createPromptAssembler(
      options({ prefixPolicy: "session", maxChangeNoteChars: 200 }),
    );
    await assembler.turn(facts, at(0));
    expect((await assembler.turn(facts, { ...at(1), compacted: true })).prefix.refreshed).toEqual({
      reason: "compaction",
    });
    assembler.refreshPrefix();
    expect((await assembler.turn(facts, at(2))).prefix.refreshed).toEqual({ reason: "explicit" });
    assembler.refresh();
    expect((await assembler.turn(facts, at(3))).prefix.refreshed).toEqual({ reason: "explicit" });
    await appendFile(join(workspaceDir, "MEMORY.md"), "- short\n");
    expect((await assembler.turn(facts, at(4))).prefix.refreshed).toBeUndefined();
    await appendFile(join(workspaceDir, "MEMORY.md"), `- ${"long ".repeat(60)}\n`);
    const over = await assembler.turn(facts, at(5));
    expect(over.prefix.refreshed).toEqual({ reason: "note-limit" });
    expect(over.model.stable).toContain("long long");
    await assembler.close();
  });

  it("refreshes at once when a protected config setting (tools.exec) changes", async () => {
    const config = join(workspaceDir, "config.json5");
    await writeFile(config, JSON.stringify({ tools: { exec: { security: "allowlist" } } }));
    const assembler = await createPromptAssembler(options({ prefixPolicy: "session" }));
    await assembler.turn(facts, at(0));
    await writeFile(config, JSON.stringify({ tools: { exec: { security: "deny" } } }));
    const turn = await assembler.turn(facts, at(1));
    expect(turn.prefix.refreshed).toEqual({ reason: "protected-config" });
    await assembler.close();
  });

  it("a per-turn policy beats the assembler's", async () => {
    const assembler = await createPromptAssembler(options({ prefixPolicy: "session" }));
    const turn = await assembler.turn(facts, { ...at(0), prefixPolicy: "live" });
    expect(turn.prefix.policy).toBe("live");
    await assembler.close();
  });

  it("rejects a bad policy, TTL, note limit or time with AGENT_INVALID_OPTIONS", async () => {
    const bad = [
      { prefixPolicy: "pinned" as never },
      { prefixTtlMs: -1 },
      { maxChangeNoteChars: Number.NaN },
    ];
    for (const extra of bad) {
      await expect(createPromptAssembler(options(extra))).rejects.toSatisfy(
        (error) => error instanceof AgentError && error.code === "AGENT_INVALID_OPTIONS",
      );
    }
    const assembler = await createPromptAssembler(options({ prefixPolicy: "session" }));
    await expect(assembler.turn(facts, { now: Number.POSITIVE_INFINITY })).rejects.toThrow(
      AgentError,
    );
    await expect(assembler.turn(facts, { prefixPolicy: "x" as never })).rejects.toThrow(
      /prefixPolicy/,
    );
    await assembler.close();
  });
});
