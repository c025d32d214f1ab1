import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

/** A workspace and two configs: one without a profile, one on the neutral profile. */
function makeSetup(): string {
  const root = createTempDir("promptstack-profile-flag-");
  mkdirSync(join(root, "workspace"));
  writeFileSync(join(root, "workspace", "AGENTS.md"), "# Rules\nBe brief.\n");
  writeFileSync(join(root, "plain.json5"), "{}");
  writeFileSync(join(root, "neutral.json5"), '{ agents: { defaults: { profile: "neutral" } } }');
  return root;
}

async function render(root: string, args: readonly string[]): Promise<string> {
  const io = createTestIo({ cwd: root, env: { HOME: root } });
  expect(await runCli(["render", "--workspace", "workspace", ...args], io), io.err).toBe(0);
  return io.out;
}

describe("--profile beats the config's profile", () => {
  it("neutral over a config without a profile", async () => {
    const root = makeSetup();
    const openclaw = await render(root, ["--config", "plain.json5"]);
    const neutral = await render(root, ["--config", "neutral.json5"]);
    expect(openclaw).toMatch(/OpenClaw/);
    expect(neutral).not.toMatch(/openclaw/i);
    expect(await render(root, ["--config", "plain.json5", "--profile", "neutral"])).toBe(neutral);
    expect(await render(root, ["--config", "neutral.json5", "--profile", "neutral"])).toBe(neutral);
    expect(await render(root, ["--config", "plain.json5", "--profile", "openclaw"])).toBe(openclaw);
  });

  it("openclaw over a config on the neutral profile", async () => {
    const root = makeSetup();
    const openclaw = await render(root, ["--config", "plain.json5"]);
    expect(await render(root, ["--config", "neutral.json5", "--profile", "openclaw"])).toBe(
      openclaw,
    );
  });
});
