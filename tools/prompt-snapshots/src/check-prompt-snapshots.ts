import { join } from "node:path";
import { loadO200kTokenCounter } from "@promptstack/o200k";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { AgentSystemPromptInput, RenderedPrompt } from "@promptstack/renderer";
import { buildPromptSnapshots } from "./build-prompt-snapshots.js";
import {
  comparePromptSnapshots,
  formatPromptSnapshotDrift,
  isPromptSnapshotDriftEmpty,
} from "./compare-prompt-snapshots.js";
import type { PromptSnapshotDrift } from "./compare-prompt-snapshots.js";
import { loadPromptSnapshotInputs } from "./load-prompt-snapshot-inputs.js";
import { PINNED_CODEX_VERSION } from "@promptstack/harness-codex";
import { readPromptSnapshotFiles } from "./read-prompt-snapshot-files.js";

/** Where the repo is and what renders the prompts (injectable so tests can change one word). */
export interface PromptSnapshotRunOptions {
  readonly repoRoot: string;
  /** Default `<repoRoot>/fixtures/prompt-snapshots`. */
  readonly snapshotRoot?: string;
  /** Default `<repoRoot>/fixtures/snapshot-scenarios`. */
  readonly scenarioDir?: string;
  readonly render?: (input: AgentSystemPromptInput) => RenderedPrompt;
  /** Shown in the drift report. Default `pnpm prompt:snapshots:gen`. */
  readonly fixCommand?: string;
}

/** The result of a check: `ok` is false on any missing, stale or extra file. */
export interface PromptSnapshotCheckResult {
  readonly ok: boolean;
  readonly drift: PromptSnapshotDrift;
  readonly report: string;
}

/** Loads the scenarios and builds every snapshot file in memory (nothing is written). */
export async function generatePromptSnapshotFiles(
  options: PromptSnapshotRunOptions,
): Promise<Map<string, string>> {
  const inputs = await loadPromptSnapshotInputs({
    repoRoot: options.repoRoot,
    ...(options.scenarioDir === undefined ? {} : { scenarioDir: options.scenarioDir }),
    codexVersion: PINNED_CODEX_VERSION,
  });
  const counter = await loadO200kTokenCounter();
  return buildPromptSnapshots(inputs, {
    render: options.render ?? buildAgentSystemPrompt,
    countTokens: (text) => counter.countTokens(text),
  });
}

/** Regenerates in memory and compares with the committed snapshots. */
export async function checkPromptSnapshots(
  options: PromptSnapshotRunOptions,
): Promise<PromptSnapshotCheckResult> {
  const expected = await generatePromptSnapshotFiles(options);
  const actual = await readPromptSnapshotFiles(resolveSnapshotRoot(options));
  const drift = comparePromptSnapshots(expected, actual);
  return {
    ok: isPromptSnapshotDriftEmpty(drift),
    drift,
    report: formatPromptSnapshotDrift(drift, options.fixCommand ?? "pnpm prompt:snapshots:gen"),
  };
}

/** The snapshot folder for a run. */
export function resolveSnapshotRoot(options: PromptSnapshotRunOptions): string {
  return options.snapshotRoot ?? join(options.repoRoot, "fixtures", "prompt-snapshots");
}
