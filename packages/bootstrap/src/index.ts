export { applyBootstrapBudgets, formatMissingFileMarker } from "./apply-bootstrap-budgets.js";
export { BootstrapError } from "./bootstrap-error.js";
export type { BootstrapErrorCode } from "./bootstrap-error.js";
export {
  BOOTSTRAP_FILE_NAMES,
  BOOTSTRAP_MIN_REMAINING_CHARS,
  BOOTSTRAP_MIN_REMAINING_TOKENS,
  DEFAULT_BOOTSTRAP_MAX_CHARS,
  DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS,
  HEARTBEAT_FILE_NAME,
  REQUIRED_BOOTSTRAP_FILE_NAMES,
} from "./bootstrap-file-names.js";
export type { BootstrapFileName } from "./bootstrap-file-names.js";
export { BOOTSTRAP_TEMPLATES } from "./bootstrap-templates.js";
export type { BootstrapTemplateName } from "./bootstrap-templates.js";
export type {
  BootstrapBudgets,
  BootstrapFile,
  BootstrapFileOrigin,
  BootstrapFileStat,
  BootstrapFileStatus,
  BootstrapHookEvent,
  BootstrapHookFile,
  BootstrapHookHandler,
  BootstrapHooks,
  BootstrapLimit,
  BootstrapReadWindow,
  BudgetedBootstrapFiles,
  RawBootstrapFile,
  TokenCounter,
} from "./bootstrap-types.js";
export { buildBootstrapRoutingTable } from "./build-bootstrap-routing-table.js";
export { buildWorkspaceMemoryNote } from "./build-workspace-memory-note.js";
export { createO200kTokenCounter } from "./create-o200k-token-counter.js";
export {
  splitTextForTokenCounting,
  TOKEN_COUNT_MAX_RUN_CHARS,
} from "./split-text-for-token-counting.js";
export {
  filterBootstrapFilesForSession,
  isBootstrapFileAllowedForSession,
} from "./filter-bootstrap-files-for-session.js";
export { loadBootstrapFiles } from "./load-bootstrap-files.js";
export type { LoadBootstrapFilesOptions, LoadedBootstrapFiles } from "./load-bootstrap-files.js";
export { loadStartupMemoryContext } from "./load-startup-memory-context.js";
export type {
  LoadStartupMemoryContextOptions,
  StartupMemoryContext,
  StartupMemoryFile,
} from "./load-startup-memory-context.js";
export { normalizeBootstrapText } from "./normalize-bootstrap-text.js";
export { readBootstrapFile } from "./read-bootstrap-file.js";
export type { ReadBootstrapFileOptions, ReadBootstrapFileResult } from "./read-bootstrap-file.js";
export { resolveBootstrapBudgets } from "./resolve-bootstrap-budgets.js";
export type { ResolvedBootstrapBudgets } from "./resolve-bootstrap-budgets.js";
export { routeBootstrapFiles, toBootstrapSurface } from "./route-bootstrap-files.js";
export type {
  BootstrapConnection,
  BootstrapHarness,
  BootstrapRoute,
  BootstrapSurface,
  RouteBootstrapFilesOptions,
} from "./route-bootstrap-files.js";
export { runBootstrapHooks } from "./run-bootstrap-hooks.js";
export type { BootstrapHookContext } from "./run-bootstrap-hooks.js";
export { seedBootstrapTemplates } from "./seed-bootstrap-templates.js";
export type { SeededBootstrapTemplates } from "./seed-bootstrap-templates.js";
export { sortBootstrapFiles } from "./sort-bootstrap-files.js";
export { truncateBootstrapContent } from "./truncate-bootstrap-content.js";
export type {
  TruncateBootstrapContentOptions,
  TruncatedBootstrapContent,
} from "./truncate-bootstrap-content.js";
