// The leaf checks of the renderer input: one per value kind (a record, a string, a choice, an
// array), each throwing RENDERER_INVALID_INPUT with the field's path and what was expected.
import { RendererError } from "./renderer-error.js";

/** A plain object as a record of unknown fields. */
export type Fields = Readonly<Record<string, unknown>>;

export function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

export function fail(path: string, expected: string, value: unknown): never {
  const where = path === "" ? "(input)" : path;
  throw new RendererError(
    "RENDERER_INVALID_INPUT",
    `Invalid renderer input at ${where}: expected ${expected}, got ${describe(value)}.`,
    {
      path: where,
      hint: `Pass ${expected} at ${where}, or leave the field out when it is optional.`,
    },
  );
}

/** `path[index]`, or `path[index].field`; only built on failure. */
export function itemPath(path: string, index: number, field?: string): string {
  return field === undefined ? `${path}[${index}]` : `${path}[${index}].${field}`;
}

// Leaf checks. An optional field is absent only when it is `undefined`; `null` is a wrong type.

export function isRecord(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function requireRecord(value: unknown, path: string): Fields {
  if (!isRecord(value)) fail(path, "an object", value);
  return value;
}

export function optionalString(value: unknown, path: string): void {
  if (value !== undefined && typeof value !== "string") fail(path, "a string", value);
}

export function requireString(value: unknown, path: string): void {
  if (typeof value !== "string") fail(path, value === undefined ? REQUIRED : "a string", value);
}

export function isNonBlank(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}

export function requireNonBlank(value: unknown, path: string): void {
  if (!isNonBlank(value)) fail(path, value === undefined ? REQUIRED : "a non-empty string", value);
}

/** `requireNonBlank` for a field of an array item. */
export function requireNonBlankItem(
  value: unknown,
  path: string,
  index: number,
  field: string,
): void {
  if (!isNonBlank(value)) {
    const expected = value === undefined ? REQUIRED : "a non-empty string";
    fail(itemPath(path, index, field), expected, value);
  }
}

export function optionalBoolean(value: unknown, path: string): void {
  if (value !== undefined && typeof value !== "boolean") fail(path, "a boolean", value);
}

export function requireBoolean(value: unknown, path: string): void {
  if (typeof value !== "boolean") fail(path, value === undefined ? REQUIRED : "a boolean", value);
}

/** A closed set of string values and its wording in messages. */
export interface Choice {
  readonly values: ReadonlySet<string>;
  readonly expected: string;
}

export function choice(...values: string[]): Choice {
  return Object.freeze({
    values: new Set(values),
    expected: `one of ${values.map((v) => `"${v}"`).join(", ")}`,
  });
}

export function optionalOneOf(value: unknown, allowed: Choice, path: string): void {
  if (value === undefined) return;
  if (typeof value !== "string" || !allowed.values.has(value)) {
    fail(path, allowed.expected, value);
  }
}

export function requireOneOf(value: unknown, allowed: Choice, path: string): void {
  if (value === undefined) fail(path, REQUIRED, value);
  optionalOneOf(value, allowed, path);
}

export function optionalArray(value: unknown, path: string): readonly unknown[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) fail(path, "an array", value);
  return value as readonly unknown[];
}

export function optionalStringArray(value: unknown, path: string): void {
  const items = optionalArray(value, path);
  if (items === undefined) return;
  for (let index = 0; index < items.length; index++) {
    if (typeof items[index] !== "string") fail(itemPath(path, index), "a string", items[index]);
  }
}

export const REQUIRED = "a value (required)";
export const SESSION_KINDS = choice("main", "direct", "group", "subagent", "cron", "heartbeat");
export const SUBAGENT_COMPLETION_MODES = choice("announce", "collect");
export const DELEGATION_MODES = choice("suggest", "prefer");
export const CITATION_MODES = choice("on", "off", "auto");
export const CHAT_TYPES = choice("direct", "group", "channel");
export const REACTION_LEVELS = choice("minimal", "extensive");
export const THINKING_LEVELS = choice("off", "minimal", "low", "medium", "high", "ultra");
export const REASONING_LEVELS = choice("off", "on", "stream");
export const ELEVATION_LEVELS = choice("off", "on", "ask", "full");
export const RUNTIME_FACTS_LOCATIONS = choice("system-prompt", "user-message");
export const PROMPT_SIZES = choice("full", "compact");
export const MODES: readonly string[] = Object.freeze(["full", "minimal", "none"]);
