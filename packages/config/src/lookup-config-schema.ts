import { getConfigJsonSchema } from "./build-config-json-schema.js";
import type { JsonSchema } from "./build-config-json-schema.js";
import { isPlainObject } from "./plain-object.js";

/** Bounds and choices a key accepts, as found in its JSON Schema. */
export interface ConfigSchemaConstraints {
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly exclusiveMinimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** One direct child of a looked-up key (`*` for any key of a map or item of an array). */
export interface ConfigSchemaChild {
  readonly key: string;
  readonly type: string;
  readonly description?: string;
}

/** What `lookupConfigSchema` returns: the `config.schema.lookup` answer for one path. */
export interface ConfigSchemaLookup {
  readonly path: string;
  readonly description?: string;
  /** Readable type, e.g. `integer > 0`, `"suggest" | "prefer"`, `map of string`. */
  readonly type: string;
  readonly default?: unknown;
  readonly deprecated?: boolean;
  readonly constraints: ConfigSchemaConstraints;
  readonly children?: readonly ConfigSchemaChild[];
}

// Zod emits this for every safe integer; it says nothing to a reader.
const MAX_SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/**
 * Looks up a dotted config path in the schema (`agents.entries.*.skills`; a concrete map key or
 * array index works too). Returns undefined for a path the schema does not know.
 */
export function lookupConfigSchema(path: string): ConfigSchemaLookup | undefined {
  return lookupJsonSchemaPath(getConfigJsonSchema(), path);
}

/** Same as `lookupConfigSchema` over any JSON Schema (run facts, tests). */
export function lookupJsonSchemaPath(
  root: JsonSchema,
  path: string,
): ConfigSchemaLookup | undefined {
  const trimmed = path.trim();
  const segments = trimmed === "" || trimmed === "." ? [] : trimmed.split(".");
  let node: JsonSchema | undefined = root;
  for (const segment of segments) {
    if (node === undefined || segment === "") return undefined;
    node = childSchema(node, segment);
  }
  if (node === undefined) return undefined;
  return describeNode(segments.join("."), node);
}

/** Internal: the schema of one child key, or undefined. */
export function childSchema(node: JsonSchema, segment: string): JsonSchema | undefined {
  const properties = node["properties"];
  if (segment !== "*" && isPlainObject(properties) && Object.hasOwn(properties, segment)) {
    const found = properties[segment];
    return isPlainObject(found) ? found : undefined;
  }
  const additional = node["additionalProperties"];
  if (isPlainObject(additional) && Object.keys(additional).length > 0) return additional;
  const items = node["items"];
  if (isPlainObject(items) && (segment === "*" || /^\d+$/.test(segment))) return items;
  return undefined;
}

/** Internal: the direct children of an object, map or array schema. */
export function listSchemaChildren(node: JsonSchema): Array<{ key: string; schema: JsonSchema }> {
  const out: Array<{ key: string; schema: JsonSchema }> = [];
  const properties = node["properties"];
  if (isPlainObject(properties)) {
    for (const key of Object.keys(properties)) {
      const schema = properties[key];
      if (isPlainObject(schema)) out.push({ key, schema });
    }
  }
  const additional = node["additionalProperties"];
  if (isPlainObject(additional) && Object.keys(additional).length > 0) {
    out.push({ key: "*", schema: additional });
  }
  const items = node["items"];
  if (isPlainObject(items) && items["type"] === "object") out.push({ key: "*", schema: items });
  return out;
}

function describeNode(path: string, node: JsonSchema): ConfigSchemaLookup {
  const children = listSchemaChildren(node).map(({ key, schema }) => ({
    key,
    type: describeSchemaType(schema),
    ...(typeof schema["description"] === "string" ? { description: schema["description"] } : {}),
  }));
  return {
    path,
    ...(typeof node["description"] === "string" ? { description: node["description"] } : {}),
    type: describeSchemaType(node),
    ...(node["default"] === undefined ? {} : { default: node["default"] }),
    ...(node["deprecated"] === true ? { deprecated: true } : {}),
    constraints: readConstraints(node),
    ...(children.length > 0 ? { children } : {}),
  };
}

function readConstraints(node: JsonSchema): ConfigSchemaConstraints {
  const out: Record<string, unknown> = {};
  if (Array.isArray(node["enum"])) out["enum"] = [...(node["enum"] as unknown[])];
  for (const key of [
    "minimum",
    "exclusiveMinimum",
    "maximum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
  ]) {
    const value = node[key];
    if (typeof value !== "number") continue;
    if (key === "maximum" && value === MAX_SAFE_INTEGER) continue;
    out[key] = value;
  }
  return out;
}

/** A short readable type for a JSON Schema node. */
export function describeSchemaType(node: JsonSchema): string {
  if (Array.isArray(node["enum"])) {
    return (node["enum"] as unknown[]).map((value) => JSON.stringify(value)).join(" | ");
  }
  const type = node["type"];
  if (type === "integer" || type === "number") {
    const bounds: string[] = [];
    if (typeof node["exclusiveMinimum"] === "number") bounds.push(`> ${node["exclusiveMinimum"]}`);
    if (typeof node["minimum"] === "number") bounds.push(`>= ${node["minimum"]}`);
    const max = node["maximum"];
    if (typeof max === "number" && max !== MAX_SAFE_INTEGER) bounds.push(`<= ${max}`);
    return [type, ...bounds].join(" ");
  }
  if (type === "string") {
    return typeof node["minLength"] === "number" && node["minLength"] > 0
      ? "non-empty string"
      : "string";
  }
  if (type === "array") {
    const items = node["items"];
    return `array of ${isPlainObject(items) ? plural(describeSchemaType(items)) : "values"}`;
  }
  if (type === "object") {
    const additional = node["additionalProperties"];
    const hasProperties = isPlainObject(node["properties"]);
    if (!hasProperties && isPlainObject(additional)) {
      return Object.keys(additional).length === 0
        ? "object (free-form)"
        : `map of ${describeSchemaType(additional)}`;
    }
    return "object";
  }
  if (typeof type === "string") return type;
  return "any";
}

function plural(type: string): string {
  if (type === "non-empty string") return "non-empty strings";
  if (type === "string") return "strings";
  if (type === "object") return "objects";
  return type;
}
