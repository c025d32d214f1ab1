import { RendererError } from "./renderer-error.js";

const SHOWN_STRING_CHARS = 60;

/**
 * Describes a bad value for an error message in a few words: short strings are quoted (long
 * ones cut), other values are named by kind, so a message never prints a whole payload,
 * `undefined` or `[object Object]`.
 */
export function describeArgument(value: unknown): string {
  if (typeof value === "string") {
    return value.length <= SHOWN_STRING_CHARS
      ? JSON.stringify(value)
      : `${JSON.stringify(value.slice(0, SHOWN_STRING_CHARS))}... (${value.length} chars)`;
  }
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") return Number.isFinite(value) ? `the number ${value}` : "a number";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** Throws `RENDERER_INVALID_INPUT` naming `where` (the function) and `path` (the argument). */
export function throwInvalidArgument(
  where: string,
  path: string,
  expected: string,
  value: unknown,
): never {
  throw new RendererError(
    "RENDERER_INVALID_INPUT",
    `${where}: expected ${expected} at ${path}, got ${describeArgument(value)}.`,
    { path, hint: `Pass ${expected} as ${path}.` },
  );
}

/** Throws `RENDERER_INVALID_INPUT` unless `value` is a string. */
export function assertStringArgument(
  value: unknown,
  where: string,
  path: string,
): asserts value is string {
  if (typeof value !== "string") throwInvalidArgument(where, path, "a string", value);
}

/** Throws `RENDERER_INVALID_INPUT` unless `value` is a plain object (not null, not an array). */
export function assertObjectArgument(
  value: unknown,
  where: string,
  path: string,
): asserts value is object {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throwInvalidArgument(where, path, "an object", value);
  }
}
