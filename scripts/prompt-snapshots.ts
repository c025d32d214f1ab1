/**
 * `pnpm prompt:snapshots:gen` writes the prompt snapshots; `pnpm prompt:snapshots:check` fails
 * with a unified diff when the committed ones drifted. Also builds the conformance cases.
 */
import { fileURLToPath } from "node:url";
import { PINNED_CODEX_VERSION } from "@promptstack/harness-codex";
import {
  buildCodexScenarioParams,
  checkPromptSnapshots,
  generatePromptSnapshotFiles,
  loadPromptSnapshotInputs,
  resolveSnapshotRoot,
  writePromptSnapshots,
} from "@promptstack-tools/prompt-snapshots";
import { buildAgentSystemPrompt } from "../packages/renderer/src/index.js";
import type { ConformanceCase } from "./codex-conformance.js";

/** Output of one run: what to print and the exit code. */
export interface PromptSnapshotCommandResult {
  readonly exitCode: number;
  readonly output: string;
}

/** Runs `gen` or `check` against `repoRoot`. */
export async function runPromptSnapshotCommand(
  command: string | undefined,
  repoRoot: string,
): Promise<PromptSnapshotCommandResult> {
  if (command === "gen") {
    const files = await generatePromptSnapshotFiles({ repoRoot });
    const result = await writePromptSnapshots(resolveSnapshotRoot({ repoRoot }), files);
    const lines = [
      ...result.written.map((path) => `wrote ${path}`),
      ...result.removed.map((path) => `removed ${path}`),
      `${files.size} snapshot files, ${result.written.length} written, ${result.removed.length} removed.`,
    ];
    return { exitCode: 0, output: `${lines.join("\n")}\n` };
  }
  if (command === "check") {
    const result = await checkPromptSnapshots({ repoRoot });
    return { exitCode: result.ok ? 0 : 1, output: result.report };
  }
  return { exitCode: 2, output: "Usage: prompt-snapshots.ts gen|check\n" };
}

/**
 * Every Codex snapshot scenario as conformance requests: thread/start, turn/start, then
 * thread/resume (a thread only has a rollout to resume once a turn started). `cwd` is replaced by `workDir` (a real folder on this machine).
 */
export async function buildConformanceCases(
  repoRoot: string,
  workDir: string,
): Promise<ConformanceCase[]> {
  const inputs = await loadPromptSnapshotInputs({ repoRoot, codexVersion: PINNED_CODEX_VERSION });
  const cases: ConformanceCase[] = [];
  for (const scenario of buildCodexScenarioParams(inputs, { render: buildAgentSystemPrompt })) {
    const local = <T extends object>(params: T): Record<string, unknown> =>
      JSON.parse(
        JSON.stringify(params).split(JSON.stringify(scenario.plan.cwd).slice(1, -1)).join(workDir),
      ) as Record<string, unknown>;
    cases.push(
      {
        name: `${scenario.name} thread/start`,
        method: "thread/start",
        params: local(scenario.threadStart),
      },
      {
        name: `${scenario.name} turn/start`,
        method: "turn/start",
        params: local(scenario.turnStart),
      },
      {
        name: `${scenario.name} thread/resume`,
        method: "thread/resume",
        params: local(scenario.threadResume),
      },
    );
  }
  return cases;
}

async function main(): Promise<number> {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const result = await runPromptSnapshotCommand(process.argv[2], root);
  (result.exitCode === 0 ? process.stdout : process.stderr).write(result.output);
  return result.exitCode;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `prompt snapshots: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
