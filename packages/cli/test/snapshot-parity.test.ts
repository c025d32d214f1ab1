import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SNAPSHOT_THREAD_ID, loadPromptSnapshotInputs } from "@promptstack-tools/prompt-snapshots";
import { PINNED_CODEX_VERSION } from "@promptstack/harness-codex";
import { toModelText } from "@promptstack/renderer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODEX_PLACEHOLDER_THREAD_ID } from "../src/inputs/load-codex-run.js";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

const SCENARIO_DIR = join(REPO_ROOT, "fixtures", "snapshot-scenarios");
const HOME = join(SCENARIO_DIR, "home");
const inputs = await loadPromptSnapshotInputs({
  repoRoot: REPO_ROOT,
  codexVersion: PINNED_CODEX_VERSION,
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptstack-cli-parity-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// One composition: what `promptstack render` prints is what the snapshots (and a live run) send.
describe("promptstack render --json agrees with the assembler behind the prompt snapshots", () => {
  it.each(inputs.scenarios.map((scenario) => [scenario.name, scenario] as const))(
    "%s",
    async (name, scenario) => {
      const { turn } = scenario;
      const factsFile = join(dir, `${name}.facts.json`);
      await writeFile(factsFile, JSON.stringify(turn.facts));
      const scenarioFile = JSON.parse(
        await readFile(join(SCENARIO_DIR, "scenarios", `${name}.json`), "utf8"),
      ) as {
        skillEnv?: Record<string, string>;
        bins?: string[];
        codex?: { executionDir?: string };
        promptSize?: "full" | "compact";
      };
      const envFile = join(dir, `${name}.env.json`);
      await writeFile(
        envFile,
        JSON.stringify({
          platform: "linux",
          bins: scenarioFile.bins ?? [],
          env: scenarioFile.skillEnv ?? {},
        }),
      );
      const execDir = scenarioFile.codex?.executionDir?.replace("/home/agent", HOME);
      const io = createTestIo({ cwd: REPO_ROOT, env: { HOME } });
      const code = await runCli(
        [
          "render",
          "--json",
          "--config",
          join(SCENARIO_DIR, "config.json5"),
          "--workspace",
          join(HOME, "workspace"),
          ...(execDir === undefined ? [] : ["--exec-dir", execDir]),
          ...(scenarioFile.promptSize === undefined ? [] : ["--size", scenarioFile.promptSize]),
          "--agent",
          turn.agentId,
          "--facts",
          factsFile,
          "--skill-env",
          envFile,
          // No --mode: every scenario uses its session kind's default (minimal for the
          // sub-agent), which the CLI must pick exactly as a live run does.
        ],
        io,
      );
      expect(code, io.err).toBe(0);
      const output = JSON.parse(io.out) as { text: string };
      const shown = output.text.split(HOME).join("/home/agent");
      expect(shown).toBe(turn.model.text);
      // The embedded snapshot shows the same prompt, markers included.
      expect(toModelText(turn.prompt).text).toBe(turn.model.text);
      expect(scenario.rendererInput).toBe(turn.input);
    },
  );
});

it("render --harness codex shows the placeholder thread id of the Codex snapshots", () => {
  expect(CODEX_PLACEHOLDER_THREAD_ID).toBe(SNAPSHOT_THREAD_ID);
});
