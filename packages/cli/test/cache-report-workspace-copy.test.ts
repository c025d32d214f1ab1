/**
 * `cache-report --edit-every` on a workspace of its own: without a config, and with a config
 * inside the workspace, which the turns read from the edited copy and errors name as given.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo, runCliCaptured } from "./create-test-io.js";

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "promptstack-cache-report-copy-test-"));
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe("cache-report --edit-every on a workspace of its own", () => {
  it("reads a workspace of its own without a config, and a config inside the workspace from the copy", async () => {
    const workspace = join(temp, "own");
    await mkdir(workspace);
    await writeFile(join(workspace, "AGENTS.md"), "# Rules\nBe brief.\n");
    const bare = await runCliCaptured([
      "cache-report",
      "--workspace",
      workspace,
      "--turns",
      "3",
      "--edit-every",
      "2",
    ]);
    expect(bare.code, bare.err).toBe(0);

    // The config names its sections file relative to itself: the copy's, which gets the edits.
    await writeFile(
      join(workspace, "config.json5"),
      '{ agents: { defaults: { sections: { file: "sections.md", add: [{ id: "house_notes", heading: "House notes", cache: "stable", after: "tooling" }] } } } }',
    );
    await writeFile(
      join(workspace, "sections.md"),
      "<!-- section: house_notes -->\nKeep the kitchen tidy.\n",
    );
    const requests = join(temp, "requests-own.jsonl");
    const edited = await runCliCaptured([
      "cache-report",
      "--workspace",
      workspace,
      "--config",
      join(workspace, "config.json5"),
      "--turns",
      "3",
      "--provider",
      "anthropic",
      "--prefix-policy",
      "live",
      "--edit-every",
      "2",
      "--edit-file",
      "sections.md",
      "--requests-out",
      requests,
    ]);
    expect(edited.code, edited.err).toBe(0);
    const systems = (await readFile(requests, "utf8"))
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { layout: string; body: { system: unknown } })
      .filter((request) => request.layout === "turn-context")
      .map((request) => JSON.stringify(request.body.system));
    expect(systems[0]).toContain("Keep the kitchen tidy.");
    expect(systems[1]).not.toContain("Turn 3: the agent noted");
    expect(systems[2]).toContain("Turn 3: the agent noted that the user prefers the 07:40 train.");
  }, 120_000);

  it("names an invalid config inside the workspace by the path given, not by its copy", async () => {
    const workspace = join(temp, "invalid-config");
    await mkdir(workspace);
    await writeFile(join(workspace, "AGENTS.md"), "# Rules\nBe brief.\n");
    await writeFile(join(workspace, "config.json5"), '{ agents: { defaults: { workspace: "" } } }');
    const io = createTestIo({ cwd: temp });
    const code = await runCli(
      [
        "cache-report",
        "--workspace",
        "invalid-config",
        "--config",
        "invalid-config/config.json5",
        "--edit-every",
        "2",
      ],
      io,
    );
    expect(code).toBe(2);
    expect(io.err).toBe(
      "promptstack: error CLI_CONFIG_INVALID: Invalid invalid-config/config.json5 (1 problem):\n  agents.defaults.workspace: must not be empty\n  fix: Fix each listed path; `promptstack schema <path>` shows what a key accepts.\n",
    );
  });
});
