export { BootstrapError } from "./bootstrap-error.js";
export type { BootstrapErrorCode } from "./bootstrap-error.js";
export {
  BOOTSTRAP_FILE_NAMES,
  DEFAULT_BOOTSTRAP_MAX_CHARS,
  DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS,
  HEARTBEAT_FILE_NAME,
  REQUIRED_BOOTSTRAP_FILE_NAMES,
} from "./bootstrap-file-names.js";
export type { BootstrapFileName } from "./bootstrap-file-names.js";
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
} from "./bootstrap-types.js";
export {
  BOOTSTRAP_LISTING_MAX_ENTRIES,
  discoverBootstrapNameVariants,
} from "./discover-bootstrap-name-variants.js";
export type { BootstrapNameVariant } from "./discover-bootstrap-name-variants.js";
export { isBootstrapFileAllowedForSession } from "./filter-bootstrap-files-for-session.js";
export { loadBootstrapFiles } from "./load-bootstrap-files.js";
export type { LoadBootstrapFilesOptions, LoadedBootstrapFiles } from "./load-bootstrap-files.js";
export { loadStartupMemoryContext } from "./load-startup-memory-context.js";
export type {
  LoadStartupMemoryContextOptions,
  StartupMemoryContext,
  StartupMemoryFile,
} from "./load-startup-memory-context.js";
export { readBootstrapFile } from "./read-bootstrap-file.js";
export type { ReadBootstrapFileOptions, ReadBootstrapFileResult } from "./read-bootstrap-file.js";
export { seedBootstrapTemplates } from "./seed-bootstrap-templates.js";
export type { SeededBootstrapTemplates } from "./seed-bootstrap-templates.js";
