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
