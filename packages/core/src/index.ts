export type { Diagnostic } from "./diagnostic.js";
export { formatCanonicalJson, toCanonicalJsonValue } from "./format-canonical-json.js";
export type { CanonicalJsonOptions, InvalidJsonValueHandler } from "./format-canonical-json.js";
export type { ProductFeatures, ProductProfile } from "./product-profile.js";
export { PromptstackError } from "./promptstack-error.js";
export type { PromptstackErrorOptions } from "./promptstack-error.js";
export type { TokenCounter } from "./token-counter.js";
export { BUDGET_DEFAULTS } from "./budget-defaults.js";
