import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CacheSimulation } from "@promptstack/providers";
import { describe, expect, it } from "vitest";
import { formatRequestsJsonl, writeRequestsJsonl } from "./write-requests-jsonl.js";

/** A simulation with only what the JSONL reads: provider, layout and the requests. */
function simulationOf(
  provider: CacheSimulation["provider"],
  layout: CacheSimulation["layout"],
  requests: readonly { turn: number; step: number | "compaction"; body?: unknown }[],
): CacheSimulation {
  return { provider, layout, requests } as unknown as CacheSimulation;
}

describe("formatRequestsJsonl", () => {
  it("writes one line per request, in order, each ending in a newline", () => {
    const text = formatRequestsJsonl([
      simulationOf("anthropic", "system-tail", [
        { turn: 1, step: 0, body: { system: "é" } },
        { turn: 2, step: "compaction", body: { messages: [] } },
      ]),
      simulationOf("openai", "turn-context", [{ turn: 1, step: 1, body: { input: [] } }]),
    ]);
    expect(text).toBe(
      [
        '{"provider":"anthropic","layout":"system-tail","turn":1,"step":0,"body":{"system":"é"}}',
        '{"provider":"anthropic","layout":"system-tail","turn":2,"step":"compaction","body":{"messages":[]}}',
        '{"provider":"openai","layout":"turn-context","turn":1,"step":1,"body":{"input":[]}}',
        "",
      ].join("\n"),
    );
  });

  it("is empty, without a newline, when there is no request", () => {
    expect(formatRequestsJsonl([])).toBe("");
    expect(formatRequestsJsonl([simulationOf("openai", "system-tail", [])])).toBe("");
  });
});

describe("writeRequestsJsonl", () => {
  it("creates the file's folder and writes UTF-8", async () => {
    const temp = await mkdtemp(join(tmpdir(), "promptstack-requests-"));
    try {
      const file = join(temp, "out", "requests.jsonl");
      const simulations = [
        simulationOf("anthropic", "turn-context", [{ turn: 1, step: 0, body: "ü" }]),
      ];
      await writeRequestsJsonl(file, simulations);
      expect(await readFile(file, "utf8")).toBe(formatRequestsJsonl(simulations));
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  });
});
