export { CodexError } from "./codex-error.js";
export type { CodexErrorCode } from "./codex-error.js";
export { parseCodexModelCatalog } from "./parse-codex-model-catalog.js";
export type { CodexModelCatalog, CodexModelEntry } from "./parse-codex-model-catalog.js";
export { readCodexModelCatalog } from "./read-codex-model-catalog.js";
export { resolveCodexModelInstructions } from "./resolve-codex-model-instructions.js";
export type {
  CodexModelInstructions,
  CodexModelInstructionsRequest,
} from "./resolve-codex-model-instructions.js";
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
export { resolveCodexReasoningEffort } from "./resolve-codex-reasoning-effort.js";
export { CODEX_CONNECTION_KINDS } from "./codex-connection-kind.js";
export type { CodexConnectionKind } from "./codex-connection-kind.js";
export type {
  CodexRoutingDecision,
  CodexTurnKind,
  CodexTurnPlan,
  CodexTurnPlanInput,
  CodexWorkspaceFile,
} from "./resolve-codex-turn-plan.js";
export { stripCodexBoundaryMarkers } from "./strip-codex-boundary-markers.js";
export {
  CODEX_MARKER_LOOK_ALIKE,
  findCodexMarkerLookAlikes,
} from "./find-codex-marker-look-alikes.js";
export { buildCodexThreadStartParams } from "./build-codex-thread-start-params.js";
export { buildCodexThreadResumeParams } from "./build-codex-thread-resume-params.js";
export { buildCodexTurnStartParams } from "./build-codex-turn-start-params.js";
export { buildCodexPromptLayers } from "./build-codex-prompt-layers.js";
export type { CodexPromptLayer } from "./build-codex-prompt-layers.js";
export { PINNED_CODEX_VERSION } from "./pinned-codex-version.js";
export { CODEX_NATIVE_TOOL_NAMES, toCodexDynamicTools } from "./to-codex-dynamic-tools.js";
export { resolveCodexCatalogCandidates } from "./resolve-codex-catalog-candidates.js";
export type { CodexCatalogLookup } from "./resolve-codex-catalog-candidates.js";
export { toCodexRendererInput } from "./to-codex-renderer-input.js";
export { buildCodexTurn } from "./build-codex-turn.js";
export type { BuildCodexTurnOptions, CodexTurn } from "./build-codex-turn.js";
export { buildBootstrapRoutingTable } from "./build-bootstrap-routing-table.js";
export { buildWorkspaceMemoryNote } from "./build-workspace-memory-note.js";
export { routeBootstrapFiles } from "./route-bootstrap-files.js";
export type {
  BootstrapHarness,
  BootstrapRoute,
  BootstrapSurface,
  RoutedBootstrapSurface,
  RouteBootstrapFilesOptions,
} from "./route-bootstrap-files.js";
