import { ProvidersError } from "./providers-error.js";

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** Throws `PROVIDERS_INVALID_ARGUMENT` naming the function, the field and what it expected. */
export function throwInvalidArgument(
  fn: string,
  path: string,
  expected: string,
  value: unknown,
): never {
  throw new ProvidersError(
    "PROVIDERS_INVALID_ARGUMENT",
    `${fn}: ${path} must be ${expected}, got ${describe(value)}.`,
    { path, hint: `Pass ${expected} as ${path}.` },
  );
}

export function assertObject(value: unknown, fn: string, path: string): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throwInvalidArgument(fn, path, "an object", value);
  }
}

export function assertString(value: unknown, fn: string, path: string): void {
  if (typeof value !== "string") throwInvalidArgument(fn, path, "a string", value);
}

/** An optional count option: `fallback` when absent, else a whole number of 0 or more. */
export function readCount(value: unknown, fallback: number, fn: string, path: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throwInvalidArgument(fn, path, "a whole number of 0 or more", value);
  }
  return value;
}
