import type { Diagnostic } from "@promptstack/core";
import { formatConfigPath } from "./format-config-path.js";
import { isPlainObject } from "./plain-object.js";

/** The parts of a zod 4 schema (`_zod.def`) the walk reads. */
export interface SchemaNode {
  readonly _zod: { readonly def: SchemaDef; readonly innerType?: SchemaNode | undefined };
}

interface SchemaDef {
  readonly type: string;
  readonly shape?: Readonly<Record<string, SchemaNode>> | undefined;
  readonly catchall?: SchemaNode | undefined;
  readonly valueType?: SchemaNode | undefined;
  readonly element?: SchemaNode | undefined;
  readonly options?: readonly SchemaNode[] | undefined;
  readonly inclusive?: boolean | undefined;
  readonly innerType?: SchemaNode | undefined;
  readonly in?: SchemaNode | undefined;
  readonly out?: SchemaNode | undefined;
}

/** What a schema says about keys, read the way its JSON Schema (input side) would say it. */
type KeyView =
  | {
      readonly kind: "object";
      readonly properties: Readonly<Record<string, SchemaNode>>;
      /** Schema of keys not in `properties`; `undefined`: such keys are unknown. */
      readonly additional: SchemaNode | undefined;
    }
  | { readonly kind: "array"; readonly items: SchemaNode }
  | { readonly kind: "union"; readonly options: readonly (SchemaNode | undefined)[] }
  | { readonly kind: "other" };

const OTHER: KeyView = { kind: "other" };
const NO_PROPERTIES: Readonly<Record<string, SchemaNode>> = {};

// Mirrors zod's JSON Schema export (`z.toJSONSchema(schema, { io: "input" })`) for the shapes
// that carry keys, without building the JSON Schema on every parse: wrappers stand for their
// inner schema, a strict or plain object knows only its shape, a catchall or a record accepts
// any key, a nullable is a union with null, an exclusive union (JSON `oneOf`) is not walked.
function toKeyView(schema: SchemaNode): KeyView {
  const def = schema._zod.def;
  switch (def.type) {
    case "object": {
      const catchall = def.catchall;
      return {
        kind: "object",
        properties: def.shape ?? NO_PROPERTIES,
        additional:
          catchall === undefined || catchall._zod.def.type === "never" ? undefined : catchall,
      };
    }
    case "record":
      return { kind: "object", properties: NO_PROPERTIES, additional: def.valueType };
    case "array":
      return def.element === undefined ? OTHER : { kind: "array", items: def.element };
    case "union":
      return def.inclusive === false || def.options === undefined
        ? OTHER
        : { kind: "union", options: def.options };
    case "nullable":
      return def.innerType === undefined
        ? OTHER
        : { kind: "union", options: [def.innerType, undefined] };
    case "optional":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return def.innerType === undefined ? OTHER : toKeyView(def.innerType);
    case "pipe": {
      const inner = def.in?._zod.def.type === "transform" ? def.out : def.in;
      return inner === undefined ? OTHER : toKeyView(inner);
    }
    case "lazy":
      return schema._zod.innerType === undefined ? OTHER : toKeyView(schema._zod.innerType);
    default:
      return OTHER;
  }
}

/**
 * Walks a document against a zod schema and reports every key the schema does not know, with
 * its path. Free-form objects (a catchall or a record) accept any key.
 */
export function findUnknownKeys(raw: unknown, schema: SchemaNode): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  walk(raw, schema, [], diagnostics);
  return diagnostics;
}

function walk(value: unknown, schema: SchemaNode, path: string[], out: Diagnostic[]): void {
  const view = toKeyView(schema);
  if (Array.isArray(value)) {
    if (view.kind === "array") {
      value.forEach((item, index) => walk(item, view.items, [...path, String(index)], out));
    }
    return;
  }
  if (!isPlainObject(value)) return;
  // A union (`profile`: a name or an inline object): walk the object branch the value is.
  if (view.kind === "union") {
    const branch = view.options.find(
      (option) => option !== undefined && toKeyView(option).kind === "object",
    );
    if (branch !== undefined) walk(value, branch, path, out);
    return;
  }
  if (view.kind !== "object") return;
  for (const key of Object.keys(value)) {
    const next = Object.hasOwn(view.properties, key) ? view.properties[key] : view.additional;
    if (next === undefined) {
      const keyPath = formatConfigPath([...path, key]);
      out.push({
        code: "CONFIG_UNKNOWN_KEY",
        severity: "warning",
        message: `${keyPath} is not a known setting and has no effect`,
        path: keyPath,
        hint: "Check the spelling with `promptstack schema` or against docs/configuration.md in the promptstack repository.",
      });
      continue;
    }
    walk(value[key], next, [...path, key], out);
  }
}
