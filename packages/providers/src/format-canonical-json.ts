import { throwInvalidArgument } from "./assert-argument.js";

/**
 * Copies a JSON value with every object's keys sorted (code-unit order), so equal values always
 * serialize to equal bytes. Throws `PROVIDERS_INVALID_ARGUMENT` on anything JSON cannot carry.
 */
export function toCanonicalJsonValue(value: unknown, path = "value"): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value))
      throwInvalidArgument("toCanonicalJsonValue", path, "a finite number", value);
    return value;
  }
  if (Array.isArray(value))
    return value.map((item, index) => toCanonicalJsonValue(item, `${path}[${index}]`));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      // Defined, not assigned: assigning `__proto__` would set the prototype and drop the key
      // (a tool-schema property may well be named so).
      Object.defineProperty(out, key, {
        value: toCanonicalJsonValue(item, `${path}.${key}`),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return throwInvalidArgument("toCanonicalJsonValue", path, "a JSON value", value);
}

/** Canonical JSON text: sorted keys, no whitespace. */
export function formatCanonicalJson(value: unknown): string {
  return JSON.stringify(toCanonicalJsonValue(value));
}
