import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

/** A folder with a config and two workspaces, each AGENTS.md naming its own folder. */
function makeSetup(config: string): string {
  const root = createTempDir("promptstack-configured-workspace-");
  for (const name of ["team", "ops", "flag"]) {
    mkdirSync(join(root, name));
    writeFileSync(join(root, name, "AGENTS.md"), `# Rules\nThis is the ${name} workspace.\n`);
  }
  writeFileSync(join(root, "config.json5"), config);
  return root;
}

const CONFIG = `{
  agents: {
    defaults: { workspace: "./team" },
    entries: { main: {}, ops: { workspace: "./ops" } },
  },
}`;

async function render(root: string, args: readonly string[]): Promise<string> {
  const io = createTestIo({ cwd: root });
  expect(await runCli(["render", "--config", "config.json5", ...args], io), io.err).toBe(0);
  return io.out;
}

describe("the CLI preview uses the configured workspace, as a live run does", () => {
  it("agents.defaults.workspace, relative to the config file", async () => {
    const root = makeSetup(CONFIG);
    const out = await render(root, []);
    expect(out).toContain("This is the team workspace.");
    expect(out).not.toContain("fixtures/workspaces/demo");
  });

  it("an agent's own workspace beats the defaults", async () => {
    const root = makeSetup(CONFIG);
    expect(await render(root, ["--agent", "ops"])).toContain("This is the ops workspace.");
  });

  it("without --agent, the main agent's own workspace beats the defaults", async () => {
    const root = makeSetup(`{
      agents: { defaults: { workspace: "./team" }, entries: { main: { workspace: "./ops" } } },
    }`);
    expect(await render(root, [])).toContain("This is the ops workspace.");
  });

  it("--agent renders with that agent's own settings, not only its workspace", async () => {
    const root = makeSetup(`{
      agents: {
        defaults: { workspace: "./team", ownerDisplay: "the team lead" },
        entries: { main: {}, ops: { workspace: "./ops", ownerDisplay: "the ops lead" } },
      },
    }`);
    const ops = await render(root, ["--agent", "ops"]);
    expect(ops).toContain("the ops lead");
    expect(ops).not.toContain("the team lead");
    expect(await render(root, [])).toContain("the team lead");
  });

  it("--workspace still wins", async () => {
    const root = makeSetup(CONFIG);
    expect(await render(root, ["--workspace", "flag"])).toContain("This is the flag workspace.");
  });

  it("a config without a workspace renders the demo workspace", async () => {
    const root = makeSetup("{}");
    expect(await render(root, [])).not.toContain("This is the team workspace.");
  });

  it("context and doctor read the same workspace", async () => {
    const root = makeSetup(CONFIG);
    const io = createTestIo({ cwd: root });
    expect(
      await runCli(["context", "list", "--config", "config.json5", "--json"], io),
      io.err,
    ).toBe(0);
    expect(io.out).toContain(join(root, "team"));
  });
});
