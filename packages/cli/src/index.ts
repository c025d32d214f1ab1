export { runCli } from "./run-cli.js";
export type { CliIo } from "./cli-io.js";
export type { CliAssets } from "./discover-cli-assets.js";
export type { DemoPaths } from "./resolve-demo-paths.js";
export type { RenderOutput } from "./render-output-schema.js";
