import { loadO200kTokenCounter } from "@promptstack/o200k";
import { describe, expect, it, vi } from "vitest";
import type { TokenCounterFactory } from "../src/inputs/create-lazy-token-counter.js";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

/** A counter factory spy: the real o200k counter, and how many times the CLI asked for it. */
function spyFactory() {
  return vi.fn<TokenCounterFactory>(() => loadO200kTokenCounter());
}

async function run(argv: readonly string[], isTTY = false) {
  const createTokenCounter = spyFactory();
  const io = createTestIo({ isTTY, createTokenCounter });
  const code = await runCli(argv, io);
  return { code, io, loads: createTokenCounter.mock.calls.length };
}

describe("the tokenizer loads only when the output shows token counts", () => {
  it("a piped plain render never loads it, and prints the same prompt as --json's text", async () => {
    const plain = await run(["render"]);
    expect(plain.code, plain.io.err).toBe(0);
    expect(plain.loads).toBe(0);
    const json = await run(["render", "--json"]);
    expect(json.code, json.io.err).toBe(0);
    const { text } = JSON.parse(json.io.out) as { text: string };
    expect(plain.io.out).toBe(text.endsWith("\n") ? text : `${text}\n`);
  });

  it("schema and usage errors never load it", async () => {
    expect((await run(["schema", "agents"])).loads).toBe(0);
    const usage = await run(["render", "--catalog", "x.json"]);
    expect(usage.code).toBe(2);
    expect(usage.loads).toBe(0);
  });

  it("outputs with counts load it once per run, however many counts they show", async () => {
    for (const argv of [
      ["render", "--json"],
      ["render", "--harness", "codex"],
      ["context", "list"],
      [
        "explain-cache",
        "--before",
        "fixtures/cli/facts/telegram-direct.json",
        "--after",
        "fixtures/cli/facts/discord-group.json",
      ],
    ]) {
      const result = await run(argv);
      expect(result.code, `${argv.join(" ")}: ${result.io.err}`).toBe(0);
      expect(result.loads, argv.join(" ")).toBe(1);
    }
    const terminal = await run(["render"], true);
    expect(terminal.code, terminal.io.err).toBe(0);
    expect(terminal.loads).toBe(1);
  });

  it("keeps no counter between runs: each run loads its own", async () => {
    const createTokenCounter = spyFactory();
    const io = createTestIo({ createTokenCounter });
    expect(await runCli(["render", "--json"], io)).toBe(0);
    expect(await runCli(["render", "--json"], io)).toBe(0);
    expect(createTokenCounter).toHaveBeenCalledTimes(2);
  });
});
