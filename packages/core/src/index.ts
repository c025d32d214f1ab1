export { formatCanonicalJson, toCanonicalJsonValue } from "./format-canonical-json.js";
export type { CanonicalJsonOptions, InvalidJsonValueHandler } from "./format-canonical-json.js";
export type { TokenCounter } from "./token-counter.js";
