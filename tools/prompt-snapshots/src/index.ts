/**
 * Repo-only tooling (private, never published): prompt snapshots of the scenario fixtures, their
 * drift check, and the sync of the pinned Codex model-prompt fixture from a model catalog.
 */
export {
  PINNED_CODEX_MODEL,
  buildCodexModelPromptFixture,
  formatCodexModelPromptFixture,
} from "./build-codex-model-prompt-fixture.js";
export type { CodexModelPromptFixture } from "./build-codex-model-prompt-fixture.js";
export { writeCodexModelPromptFixture } from "./write-codex-model-prompt-fixture.js";
export type {
  CodexModelSyncResult,
  WriteCodexModelPromptFixtureOptions,
} from "./write-codex-model-prompt-fixture.js";
export { formatCodexModelSyncResult } from "./format-codex-model-sync-result.js";
export {
  PROMPT_SNAPSHOT_DIRS,
  SNAPSHOT_THREAD_ID,
  buildCodexScenarioParams,
  buildPromptSnapshots,
} from "./build-prompt-snapshots.js";
export type {
  CodexScenarioParams,
  PromptSnapshotInputs,
  PromptSnapshotOptions,
  PromptSnapshotScenario,
} from "./build-prompt-snapshots.js";
export {
  comparePromptSnapshots,
  formatPromptSnapshotDrift,
  isPromptSnapshotDriftEmpty,
} from "./compare-prompt-snapshots.js";
export type { PromptSnapshotDrift } from "./compare-prompt-snapshots.js";
export { readPromptSnapshotFiles } from "./read-prompt-snapshot-files.js";
export { writePromptSnapshots } from "./write-prompt-snapshots.js";
export type { PromptSnapshotWriteResult } from "./write-prompt-snapshots.js";
export { SNAPSHOT_VIRTUAL_HOME, loadPromptSnapshotInputs } from "./load-prompt-snapshot-inputs.js";
export type { LoadPromptSnapshotInputsOptions } from "./load-prompt-snapshot-inputs.js";
export {
  checkPromptSnapshots,
  generatePromptSnapshotFiles,
  resolveSnapshotRoot,
} from "./check-prompt-snapshots.js";
export type {
  PromptSnapshotCheckResult,
  PromptSnapshotRunOptions,
} from "./check-prompt-snapshots.js";
