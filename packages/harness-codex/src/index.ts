export { CodexError } from "./codex-error.js";
export type { CodexErrorCode } from "./codex-error.js";
export { formatStableJson } from "./format-stable-json.js";
export { parseCodexModelCatalog } from "./parse-codex-model-catalog.js";
export type { CodexModelCatalog, CodexModelEntry } from "./parse-codex-model-catalog.js";
export { readCodexModelCatalog } from "./read-codex-model-catalog.js";
export { resolveCodexModelInstructions } from "./resolve-codex-model-instructions.js";
export type {
  CodexModelInstructions,
  CodexModelInstructionsRequest,
} from "./resolve-codex-model-instructions.js";
export {
  PINNED_CODEX_MODEL,
  buildCodexModelPromptFixture,
  formatCodexModelPromptFixture,
} from "./build-codex-model-prompt-fixture.js";
export type { CodexModelPromptFixture } from "./build-codex-model-prompt-fixture.js";
export type {
  CodexApprovalPolicy,
  CodexCollaborationMode,
  CodexDynamicToolSpec,
  CodexSandboxMode,
  CodexSandboxPolicy,
  CodexTextUserInput,
  CodexThreadResumeParams,
  CodexThreadStartParams,
  CodexTurnStartParams,
} from "./codex-protocol-types.js";
export { CODEX_PROJECTION_VERSION, resolveCodexTurnPlan } from "./resolve-codex-turn-plan.js";
export { createCodexThreadSession } from "./create-codex-thread-session.js";
export type {
  CodexThreadSession,
  CodexThreadSessionOptions,
  CodexThreadTurn,
  CodexThreadTurnStart,
} from "./create-codex-thread-session.js";
export { resolveCodexReasoningEffort } from "./resolve-codex-reasoning-effort.js";
export type {
  CodexConnectionKind,
  CodexRoutingDecision,
  CodexSurface,
  CodexTurnKind,
  CodexTurnPlan,
  CodexTurnPlanInput,
  CodexWorkspaceFile,
} from "./resolve-codex-turn-plan.js";
export { stripCodexBoundaryMarkers } from "./strip-codex-boundary-markers.js";
export { buildCodexThreadStartParams } from "./build-codex-thread-start-params.js";
export { buildCodexThreadResumeParams } from "./build-codex-thread-resume-params.js";
export { buildCodexTurnStartParams } from "./build-codex-turn-start-params.js";
export { buildCodexPromptLayers } from "./build-codex-prompt-layers.js";
export type { CodexPromptLayer } from "./build-codex-prompt-layers.js";
export { PINNED_CODEX_VERSION } from "./pinned-codex-version.js";
export { CODEX_NATIVE_TOOL_NAMES, toCodexDynamicTools } from "./to-codex-dynamic-tools.js";
export { countO200kTokens } from "./count-o200k-tokens.js";
export { formatUnifiedDiff } from "./format-unified-diff.js";
export type { UnifiedDiffOptions } from "./format-unified-diff.js";
export { resolveCodexCatalogCandidates } from "./resolve-codex-catalog-candidates.js";
export type { CodexCatalogLookup } from "./resolve-codex-catalog-candidates.js";
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
export { toCodexRendererInput } from "./to-codex-renderer-input.js";
export { toCodexTurnPlanInput } from "./to-codex-turn-plan-input.js";
export type { CodexTurnPlanInputFromTurn } from "./to-codex-turn-plan-input.js";
export { buildCodexTurn } from "./build-codex-turn.js";
export type { CodexTurn, CodexTurnInput, CodexTurnModelPrompt } from "./build-codex-turn.js";
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
export { buildBootstrapRoutingTable } from "./build-bootstrap-routing-table.js";
export { buildWorkspaceMemoryNote } from "./build-workspace-memory-note.js";
export { routeBootstrapFiles } from "./route-bootstrap-files.js";
export type {
  BootstrapHarness,
  BootstrapRoute,
  BootstrapSurface,
  RouteBootstrapFilesOptions,
} from "./route-bootstrap-files.js";
