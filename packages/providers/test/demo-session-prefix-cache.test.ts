/**
 * Issue 33's target: the 30-turn demo chat with a MEMORY.md edit before every fifth turn. Under
 * the `session` prefix policy ≥ 90% of the input tokens of turns 2-30 come from cache on
 * Anthropic and OpenAI (`live` beside it, which re-bills the history after each edit), and every
 * edit is in the next request's change note.
 */
import { appendFile, cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTokenCounter,
  formatCacheSimulationTable,
  simulateConversationCache,
} from "../src/index.js";
import type { CacheProvider, CacheSimulation } from "../src/index.js";
import { DEMO_WORKSPACE, createDemoTurns } from "@promptstack-tools/test-utils";
import type { AgentTurn, PrefixPolicy } from "@promptstack/agent";
import { makeSyntheticText } from "./make-synthetic-text.js";

const TURNS = 30;
const EDIT_EVERY = 5;
const O200K = createTokenCounter("o200k_base", countTokens);
const START = Date.UTC(2026, 10, 29, 9, 12);
const rendered = new Map<PrefixPolicy, AgentTurn[]>();
const edits: string[] = [];
const folders: string[] = [];

beforeAll(async () => {
  for (const policy of ["live", "session"] as const) {
    const folder = await mkdtemp(join(tmpdir(), "promptstack-session-prefix-"));
    folders.push(folder);
    await cp(DEMO_WORKSPACE, folder, { recursive: true });
    const demo = await createDemoTurns({ prefixPolicy: policy, workspaceDir: folder });
    const turns: AgentTurn[] = [];
    for (let n = 1; n <= TURNS; n++) {
      if (n > 1 && n % EDIT_EVERY === 0) {
        const line = `- Turn ${n}: the user prefers the 07:40 train.`;
        if (policy === "session") edits.push(line);
        await appendFile(join(folder, "MEMORY.md"), `${line}\n`);
      }
      // A minute between turns: the provider cache stays warm.
      turns.push(await demo.turn(n, { now: START + n * 60_000 }));
    }
    rendered.set(policy, turns);
    await demo.close();
  }
});

afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

function simulate(provider: CacheProvider, policy: PrefixPolicy): CacheSimulation {
  return simulateConversationCache({
    provider,
    model: provider === "anthropic" ? "claude-sonnet-4-5" : "gpt-5.5",
    turns: rendered.get(policy)!.map((turn, index) => ({
      turn,
      user: makeSyntheticText(index * 2 + 1, 60),
      assistant: makeSyntheticText(index * 2 + 2, 250),
    })),
    countTokens: O200K,
  });
}

function share(simulation: CacheSimulation): number {
  return simulation.fromTurnTwo.cachedTokens / simulation.fromTurnTwo.inputTokens;
}

describe("30-turn demo chat with a MEMORY.md edit every 5 turns", () => {
  for (const provider of ["anthropic", "openai"] as const) {
    it(`${provider}: session serves ≥ 90% of turns 2-30 from cache, more than live`, () => {
      const live = simulate(provider, "live");
      const session = simulate(provider, "session");
      console.log(
        `\n${provider}: live ${(share(live) * 100).toFixed(1)}%, session ${(share(session) * 100).toFixed(1)}%\n` +
          `${formatCacheSimulationTable([live, session])}\n`,
      );
      expect(share(session)).toBeGreaterThanOrEqual(0.9);
      expect(share(session)).toBeGreaterThan(share(live));
    });
  }

  it("keeps the session's stable prefix and shows each edit in the next turn's volatile text", () => {
    const turns = rendered.get("session")!;
    for (const turn of turns) expect(turn.model.stable).toBe(turns[0]!.model.stable);
    expect(edits).toHaveLength(TURNS / EDIT_EVERY - 1 + 1);
    for (const [index, line] of edits.entries()) {
      const turn = turns[(index + 1) * EDIT_EVERY - 1]!;
      expect(turn.model.volatile).toContain(line);
      expect(turn.prefix.pendingChanges).toContainEqual(
        expect.objectContaining({ kind: "file", change: "edited" }),
      );
    }
    // Under live the edit is in the stable prefix instead, and no note is carried.
    const live = rendered.get("live")!;
    expect(live[EDIT_EVERY - 1]!.model.stable).toContain(edits[0]);
    expect(live[EDIT_EVERY - 1]!.model.volatile).not.toContain("changed since");
  });
});
