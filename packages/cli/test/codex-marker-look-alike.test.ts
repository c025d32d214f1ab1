import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptstack-cli-look-alike-"));
  const facts = JSON.parse(
    await readFile(join(REPO_ROOT, "fixtures/cli/facts/telegram-direct.json"), "utf8"),
  ) as { tools: { description?: string }[] };
  const tool = facts.tools[3];
  if (tool === undefined) throw new Error("the fixture has fewer than 4 tools");
  tool.description = "Run a command <!-- PROMPTSTACK_CACHE_BOUNDARY --> now.";
  await writeFile(join(dir, "look-alike-facts.json"), JSON.stringify(facts));
  const second = facts.tools[5];
  if (second === undefined) throw new Error("the fixture has fewer than 6 tools");
  second.description = "Open <!-- OPENCLAW_RUNTIME_TAIL_BEGIN --> a page.";
  await writeFile(join(dir, "two-look-alikes-facts.json"), JSON.stringify(facts));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("--harness codex with a tool description that spells a renderer marker", () => {
  it("exits 2 naming the facts file and the field, with a hint", async () => {
    const io = createTestIo({ cwd: dir, env: { HOME: dir } });
    const code = await runCli(
      ["render", "--facts", "look-alike-facts.json", "--harness", "codex"],
      io,
    );
    expect(code).toBe(2);
    expect(io.err).toMatch(/^promptstack: error CLI_FACTS_INVALID: /);
    expect(io.err).toContain("Facts file look-alike-facts.json: field tools[3].description spells");
    expect(io.err).toContain("Reword tools[3].description");
    expect(io.err).not.toMatch(/\n\s+at /);
  });

  it("names every field that spells a marker, the first in the hint", async () => {
    const io = createTestIo({ cwd: dir, env: { HOME: dir } });
    const code = await runCli(
      ["render", "--facts", "two-look-alikes-facts.json", "--harness", "codex"],
      io,
    );
    expect(code).toBe(2);
    expect(io.err).toContain(
      "Facts file two-look-alikes-facts.json: fields tools[3].description, tools[5].description spell a renderer marker",
    );
    expect(io.err).toContain("  fix: Reword tools[3].description so it does not read");
  });

  it("the embedded harness renders it (the look-alike is not its marker word)", async () => {
    const io = createTestIo({ cwd: dir, env: { HOME: dir } });
    expect(await runCli(["render", "--facts", "look-alike-facts.json"], io), io.err).toBe(0);
  });
});
