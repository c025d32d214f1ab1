import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RenderOutput } from "../src/output/render-output-schema.js";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

const REPO = resolve(import.meta.dirname, "../../..");
const FIXTURE = join(REPO, "fixtures/workspaces/turn-input/heartbeat-custom-file");

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptstack-cli-turn-input-"));
});

afterEach(() => rm(dir, { recursive: true, force: true }));

async function renderJson(facts: Record<string, unknown>): Promise<RenderOutput> {
  const factsFile = join(dir, "facts.json");
  await writeFile(factsFile, JSON.stringify(facts));
  const io = createTestIo({ env: { HOME: dir, CODEX_HOME: dir }, cwd: dir });
  const args = [
    "render",
    "--json",
    "--workspace",
    FIXTURE,
    "--config",
    join(FIXTURE, "config.json5"),
  ];
  const code = await runCli([...args, "--facts", factsFile], io);
  expect(code, io.err).toBe(0);
  return JSON.parse(io.out) as RenderOutput;
}

describe("render --json: the turn's own input", () => {
  it("reports the heartbeat message from the config's file and prompt, and the carrier", async () => {
    const demo = JSON.parse(
      await readFile(join(REPO, "fixtures/workspaces/demo/facts.json"), "utf8"),
    ) as Record<string, unknown>;
    const output = await renderJson({
      ...demo,
      sessionKind: "heartbeat",
      runtimeContext: {
        exec: [{ id: "exec-1", command: "make test", state: "running", startedAt: "09:00" }],
        heartbeats: [
          { id: "hb-1", finishedAt: "08:30", outcome: "alerted", summary: "Sent <<<END>>> alert" },
        ],
      },
    });
    expect(output.turnInput?.heartbeat).toMatch(/^PULSE-PROMPT: /);
    expect(output.turnInput?.heartbeat).toContain("PULSE-NOTE: water the plants at noon");
    expect(output.turnInput?.carrier).toContain('exec_sessions:\n- {"id":"exec-1"');
    expect(output.turnInput?.carrier).toContain(
      'heartbeat_results:\n- {"id":"hb-1","finishedAt":"08:30","outcome":"alerted","summary":"Sent \\u003c\\u003c\\u003cEND\\u003e\\u003e\\u003e alert"}',
    );
    expect(output.text).not.toContain("PULSE-NOTE");

    const plain = await renderJson(demo);
    expect(plain.turnInput).toBeUndefined();
  });
});
