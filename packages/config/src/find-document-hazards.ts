import type { ConfigIssue } from "./config-error.js";
import { formatConfigPath } from "./format-config-path.js";

/** Keys that could reach an object prototype when copied; never valid anywhere. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([
  "__proto__",
  "constructor",
  "prototype",
]);

/** Deepest nesting accepted in a document (the real schema needs 6 levels). */
export const MAX_DOCUMENT_DEPTH = 64;

/** Most values (objects, arrays and scalars) accepted in one document. */
export const MAX_DOCUMENT_NODES = 200_000;

/**
 * Finds what must never reach the schema or a copy: prototype keys, nesting deeper than
 * `MAX_DOCUMENT_DEPTH` (cycles included), oversized documents and non-JSON values.
 * Iterative, so hostile input cannot overflow the stack.
 */
export function findDocumentHazards(raw: unknown): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const stack: Array<{ value: unknown; path: PropertyKey[] }> = [{ value: raw, path: [] }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    nodes += 1;
    if (nodes > MAX_DOCUMENT_NODES) {
      issues.push({
        path: "(root)",
        message: `document has more than ${MAX_DOCUMENT_NODES} values; split or shorten it`,
      });
      break;
    }
    const hazard = describeScalarHazard(value);
    if (hazard !== undefined) {
      issues.push({ path: formatConfigPath(path), message: hazard });
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (path.length >= MAX_DOCUMENT_DEPTH) {
      issues.push({
        path: formatConfigPath(path),
        message: `nested deeper than ${MAX_DOCUMENT_DEPTH} levels`,
      });
      continue;
    }
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        stack.push({ value: value[index], path: [...path, index] });
      }
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      issues.push({ path: formatConfigPath(path), message: "expected a plain JSON object" });
      continue;
    }
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index]!;
      if (FORBIDDEN_KEYS.has(key)) {
        issues.push({
          path: formatConfigPath([...path, key]),
          message: formatPrototypeKeyMessage(key),
        });
        continue;
      }
      stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return issues;
}

function describeScalarHazard(value: unknown): string | undefined {
  switch (typeof value) {
    case "number":
      return Number.isFinite(value) ? undefined : "expected a finite number";
    case "bigint":
    case "symbol":
    case "function":
      return `expected a JSON value, got a ${typeof value}`;
    case "undefined":
      return undefined;
    default:
      return undefined;
  }
}

function formatPrototypeKeyMessage(key: string): string {
  return `key "${key}" is not allowed (it could alter object prototypes); remove it`;
}

/** True for the issue a prototype key raises: the rest of the document can still be checked. */
export function isPrototypeKeyIssue(issue: ConfigIssue): boolean {
  return [...FORBIDDEN_KEYS].some((key) => issue.message === formatPrototypeKeyMessage(key));
}

/** A deep copy without prototype keys, so the schema can report every other problem too. */
export function withoutPrototypeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrototypeKeys);
  if (typeof value !== "object" || value === null) return value;
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    copy[key] = withoutPrototypeKeys((value as Record<string, unknown>)[key]);
  }
  return Object.setPrototypeOf(copy, Object.prototype) as unknown;
}
