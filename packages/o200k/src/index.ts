export { loadO200kTokenCounter } from "./load-o200k-token-counter.js";
export type { LoadO200kTokenCounterOptions } from "./load-o200k-token-counter.js";
