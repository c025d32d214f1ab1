export { runCli, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE } from "./run-cli.js";
export { createProgram } from "./create-program.js";
export type { ProgramState } from "./create-program.js";
export type { CliIo } from "./cli-io.js";
export { createProcessIo } from "./create-process-io.js";
export { CliError } from "./cli-error.js";
export type { CliErrorCode } from "./cli-error.js";
export { renderOutputSchema, buildRenderOutputJsonSchema } from "./render-output-schema.js";
export type { RenderOutput } from "./render-output-schema.js";
export { buildRenderOutput } from "./build-render-output.js";
export { buildContextReport } from "./build-context-report.js";
export type { ContextReport } from "./build-context-report.js";
export { buildCacheExplanation } from "./build-cache-explanation.js";
export type { CacheExplanation, CacheExplanationOptions } from "./build-cache-explanation.js";
export { loadRenderRun } from "./load-render-run.js";
export type {
  RenderRun,
  RenderRunBootstrapFile,
  RenderRunCodex,
  RenderRunSkill,
  RenderRunTool,
} from "./render-run.js";
export type { InputOptions, HarnessKind, ConnectionKind } from "./input-options.js";
export { countTokens } from "./count-tokens.js";
export {
  PACKAGED_DEMO_DISPLAY_DIR,
  REPOSITORY_DEMO_DISPLAY_DIR,
  discoverCliAssets,
  toDefaultAssetLocations,
} from "./discover-cli-assets.js";
export type { CliAssetLocations, CliAssets } from "./discover-cli-assets.js";
export type { DemoPaths } from "./resolve-demo-paths.js";
