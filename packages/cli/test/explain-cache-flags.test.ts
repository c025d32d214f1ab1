import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

const BEFORE = "fixtures/cli/facts/telegram-direct.json";
const AFTER = "fixtures/cli/facts/discord-group.json";
const DEMO = "fixtures/workspaces/demo";

/** The whole stderr of a usage error: what went wrong, then how to fix it. */
function usage(message: string, fix: string): string {
  return `promptstack: error CLI_USAGE: ${message}\n  fix: ${fix}\n`;
}

describe("explain-cache usage errors exit 2 and say which flags to pass", () => {
  it.each([
    [
      [],
      usage(
        "explain-cache needs --before and --after (facts files), or --before-workspace and --after-workspace.",
        "Name the two turns to compare.",
      ),
    ],
    [["--before", BEFORE], usage("--before and --after go together.", "Pass both facts files.")],
    [["--after", AFTER], usage("--before and --after go together.", "Pass both facts files.")],
    [
      ["--before-workspace", DEMO],
      usage(
        "--before-workspace and --after-workspace go together.",
        "Pass both workspace folders.",
      ),
    ],
    [
      ["--after-workspace", DEMO],
      usage(
        "--before-workspace and --after-workspace go together.",
        "Pass both workspace folders.",
      ),
    ],
    [
      ["--workspace", DEMO, "--before-workspace", DEMO, "--after-workspace", DEMO],
      usage(
        "--workspace does not combine with --before-workspace/--after-workspace.",
        "Leave --workspace out.",
      ),
    ],
    [
      ["--model", "gpt-5.5", "--before", BEFORE, "--after", AFTER],
      usage(
        "--model applies only with --provider.",
        "Add --provider anthropic or --provider openai.",
      ),
    ],
    [
      ["--layout", "system-tail", "--before", BEFORE, "--after", AFTER],
      usage(
        "--layout applies only with --provider.",
        "Add --provider anthropic or --provider openai.",
      ),
    ],
    [
      ["--provider", "openai", "--harness", "codex", "--before", BEFORE, "--after", AFTER],
      usage(
        "--provider explains the embedded harness's requests; --harness codex is not supported.",
        "Leave --harness out.",
      ),
    ],
  ])("explain-cache %j", async (args, err) => {
    const io = createTestIo();
    expect(await runCli(["explain-cache", ...args], io)).toBe(2);
    expect(io.err).toBe(err);
    expect(io.out).toBe("");
  });
});

describe("explain-cache sides", () => {
  it("reads a facts pair in the --workspace given, not the demo", async () => {
    const io = createTestIo();
    const missing = "fixtures/workspaces/no-such-workspace";
    const args = ["explain-cache", "--workspace", missing, "--before", BEFORE, "--after", AFTER];
    expect(await runCli(args, io)).toBe(2);
    expect(io.err).toContain("CLI_WORKSPACE_MISSING");
    const provider = createTestIo();
    expect(await runCli([...args, "--provider", "anthropic"], provider)).toBe(2);
    expect(provider.err).toContain("CLI_WORKSPACE_MISSING");
  });

  it("labels each side with its workspace and facts file, as given", async () => {
    const io = createTestIo();
    const pairs = ["--before-workspace", DEMO, "--after-workspace", DEMO];
    const args = [
      "--provider",
      "anthropic",
      "--json",
      ...pairs,
      "--before",
      BEFORE,
      "--after",
      AFTER,
    ];
    expect(await runCli(["explain-cache", ...args], io), io.err).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({
      before: `${DEMO} ${BEFORE}`,
      after: `${DEMO} ${AFTER}`,
    });
  });
});

describe("explain-cache --provider leaves its infos off stderr", () => {
  it("a model without caching facts is explained with the fallback row, quietly", async () => {
    const io = createTestIo();
    const args = [
      "--provider",
      "anthropic",
      "--model",
      "mystery-1",
      "--before",
      BEFORE,
      "--after",
      AFTER,
    ];
    expect(await runCli(["explain-cache", ...args], io), io.err).toBe(0);
    expect(io.out).toContain("anthropic (mystery-1), turn-context layout");
    expect(io.err).toBe("");
    const json = createTestIo();
    expect(await runCli(["explain-cache", "--json", ...args], json), json.err).toBe(0);
    const report = JSON.parse(json.out) as { diagnostics: { code: string; severity: string }[] };
    expect(report.diagnostics).toContainEqual(
      expect.objectContaining({ code: "PROVIDERS_UNKNOWN_MODEL", severity: "info" }),
    );
  });
});

describe("explain-cache and the configured workspace", () => {
  /** A folder whose config names a workspace folder that does not exist. */
  function createConfigRoot(): string {
    const root = createTempDir("promptstack-explain-configured-");
    writeFileSync(join(root, "config.json5"), '{ agents: { defaults: { workspace: "./gone" } } }');
    return root;
  }

  it("a facts pair reads the config's workspace", async () => {
    const io = createTestIo({ cwd: createConfigRoot() });
    const facts = ["--before", join(REPO_ROOT, BEFORE), "--after", join(REPO_ROOT, AFTER)];
    expect(await runCli(["explain-cache", "--config", "config.json5", ...facts], io)).toBe(2);
    expect(io.err).toContain("CLI_WORKSPACE_MISSING");
  });

  it("a workspace pair, whole or half, leaves the config's workspace out", async () => {
    const root = createConfigRoot();
    const demo = join(REPO_ROOT, DEMO);
    const whole = createTestIo({ cwd: root });
    const pair = ["--before-workspace", demo, "--after-workspace", demo];
    expect(
      await runCli(["explain-cache", "--config", "config.json5", ...pair], whole),
      whole.err,
    ).toBe(0);
    for (const half of [pair.slice(0, 2), pair.slice(2)]) {
      const io = createTestIo({ cwd: root });
      expect(await runCli(["explain-cache", "--config", "config.json5", ...half], io)).toBe(2);
      expect(io.err).toContain("--before-workspace and --after-workspace go together.");
    }
  });
});
