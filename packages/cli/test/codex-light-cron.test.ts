import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCodexCatalogSandbox } from "@promptstack-tools/test-utils";
import { CODEX_PLACEHOLDER_USER_MESSAGE } from "../src/inputs/load-codex-run.js";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

let dir: string;
let home: string;
let codexHome: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ dir, home, codexHome, cleanup } = await createCodexCatalogSandbox("promptstack-cli-light-"));
});

afterEach(() => cleanup());

const facts = (name: string) => join(REPO_ROOT, "fixtures", "cli", "facts", `${name}.json`);

async function turnInput(
  args: readonly string[],
): Promise<{ code: number; text: string; err: string }> {
  const io = createTestIo({ env: { HOME: home, CODEX_HOME: codexHome }, cwd: dir });
  const code = await runCli(["render", "--harness", "codex", "--json", ...args], io);
  if (code !== 0) return { code, text: "", err: io.err };
  const { turnStart } = (
    JSON.parse(io.out) as { codex: { turnStart: { input: { text: string }[] } } }
  ).codex;
  return { code, text: turnStart.input.map((item) => item.text).join("\n"), err: io.err };
}

describe("light cron Codex turns from the CLI", () => {
  it("a cron turn carries runtime context; a light one is the exact scheduled prompt", async () => {
    const cron = await turnInput(["--facts", facts("cron-nightly")]);
    expect(cron.code, cron.err).toBe(0);
    expect(cron.text).toContain("BEGIN_OPENCLAW_INTERNAL_CONTEXT");
    for (const args of [
      ["--facts", facts("cron-nightly-light-context")],
      ["--facts", facts("cron-nightly"), "--light-context"],
    ]) {
      const light = await turnInput(args);
      expect(light.code, light.err).toBe(0);
      expect(light.text).toBe(CODEX_PLACEHOLDER_USER_MESSAGE);
    }
  });

  it("refuses --light-context on a run that is not a cron turn, or without --harness codex", async () => {
    const notCron = await turnInput(["--light-context"]);
    expect(notCron.code).not.toBe(0);
    expect(notCron.err).toContain("--light-context applies only to cron turns");
    const io = createTestIo({ env: { HOME: home, CODEX_HOME: codexHome }, cwd: dir });
    expect(await runCli(["render", "--light-context"], io)).not.toBe(0);
    expect(io.err).toContain("--light-context applies only to the Codex harness.");
  });
});
