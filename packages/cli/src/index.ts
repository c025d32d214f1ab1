export { runCli } from "./run-cli.js";
export type { CliIo } from "./cli-io.js";
export type { CliAssets } from "./inputs/discover-cli-assets.js";
export type { DemoPaths } from "./inputs/resolve-demo-paths.js";
export type { RenderOutput } from "./output/render-output-schema.js";
