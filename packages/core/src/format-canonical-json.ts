/**
 * Called with where a value is not JSON (`path`), what was expected there and what was found;
 * throws the caller's own error. The default throws a `TypeError`.
 */
export type InvalidJsonValueHandler = (path: string, expected: string, value: unknown) => never;

/** Options of `toCanonicalJsonValue` and `formatCanonicalJson`. */
export interface CanonicalJsonOptions {
  /** Spaces per level: indented text ending in a newline. Default: compact, no whitespace. */
  readonly indent?: number;
  /** Throws for a value JSON cannot carry; default a `TypeError` naming the path. */
  readonly onInvalid?: InvalidJsonValueHandler;
}

// Only what JSON cannot carry reaches it: a non-finite number, `undefined`, a function, a
// symbol or a bigint (null, arrays and objects are JSON).
function describeValue(value: unknown): string {
  return value === undefined ? "nothing" : `a ${typeof value}`;
}

const throwTypeError: InvalidJsonValueHandler = (path, expected, value) => {
  throw new TypeError(`${path} must be ${expected}, got ${describeValue(value)}.`);
};

/**
 * Copies a JSON value with every object's keys sorted (code-unit order) and `undefined` object
 * members left out, so equal values always serialize to equal bytes. Anything else JSON cannot
 * carry (a non-finite number, a function, `undefined` in an array, ...) goes to `onInvalid`.
 */
export function toCanonicalJsonValue(
  value: unknown,
  path = "value",
  onInvalid: InvalidJsonValueHandler = throwTypeError,
): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    return Number.isFinite(value) ? value : onInvalid(path, "a finite number", value);
  }
  if (Array.isArray(value)) {
    return value.map((item, index) => toCanonicalJsonValue(item, `${path}[${index}]`, onInvalid));
  }
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      // Defined, not assigned: assigning `__proto__` would set the prototype and drop the key
      // (a tool-schema property may well be named so).
      Object.defineProperty(out, key, {
        value: toCanonicalJsonValue(item, `${path}.${key}`, onInvalid),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return onInvalid(path, "a JSON value", value);
}

/**
 * Canonical JSON text: keys sorted at every depth, so the bytes depend only on the value (never
 * on insertion order or a formatter version). Compact by default; with `indent`, indented and
 * ending in a newline (the form of generated files and snapshots).
 */
export function formatCanonicalJson(value: unknown, options: CanonicalJsonOptions = {}): string {
  const canonical = toCanonicalJsonValue(value, "value", options.onInvalid);
  return options.indent === undefined
    ? JSON.stringify(canonical)
    : `${JSON.stringify(canonical, null, options.indent)}\n`;
}
