import {
  formatCanonicalJson as formatCoreCanonicalJson,
  toCanonicalJsonValue as toCoreCanonicalJsonValue,
} from "@promptstack/core";
import { throwInvalidArgument } from "./assert-argument.js";

const onInvalid = (path: string, expected: string, value: unknown): never =>
  throwInvalidArgument("toCanonicalJsonValue", path, expected, value);

/**
 * `@promptstack/core`'s canonical JSON value, throwing `PROVIDERS_INVALID_ARGUMENT` on anything
 * JSON cannot carry.
 */
export function toCanonicalJsonValue(value: unknown, path: string): unknown {
  return toCoreCanonicalJsonValue(value, path, onInvalid);
}

/** Canonical JSON text (sorted keys, no whitespace); `PROVIDERS_INVALID_ARGUMENT` on non-JSON. */
export function formatCanonicalJson(value: unknown): string {
  return formatCoreCanonicalJson(value, { onInvalid });
}
