export {
  SYNTHETIC_CODEX_CATALOG,
  createCodexCatalogSandbox,
  writePlacedCodexCatalog,
} from "./write-placed-codex-catalog.js";
export type { CodexCatalogSandbox } from "./write-placed-codex-catalog.js";
export { createCodexSchemaAjv } from "./create-codex-schema-ajv.js";
export { startPathSwapper } from "./start-path-swapper.js";
export type { PathSwapper } from "./start-path-swapper.js";
export {
  REFERENCE_PRODUCT_TOKENS,
  findReferenceProductTokens,
} from "./reference-product-tokens.js";
export { TEST_TURN_FACTS, createTestTurns } from "./create-test-turns.js";
export type { TestTurns, TestTurnsOptions } from "./create-test-turns.js";
export {
  DEMO_WORKSPACE,
  createDemoAssemblerOptions,
  createDemoTurns,
  readDemoSkillEnvironment,
} from "./create-demo-turns.js";
export type { DemoTurns } from "./create-demo-turns.js";
export { createTempDir } from "./create-temp-dir.js";
export { listFixtureFolders } from "./list-fixture-folders.js";
export { rejectedBy, thrownBy } from "./thrown-by.js";
export { withoutPropertyTimeLimit } from "./without-property-time-limit.js";
