import type { Diagnostic } from "@promptstack/renderer";
import type { JsonSchema } from "./build-config-json-schema.js";
import { docsUrl } from "./docs-url.js";
import { formatConfigPath } from "./format-config-path.js";
import { isPlainObject } from "./plain-object.js";

/**
 * Walks a document against a JSON Schema and reports every key the schema does not know, with
 * its path. Free-form objects (`additionalProperties` set to a schema) accept any key.
 */
export function findUnknownKeys(raw: unknown, schema: JsonSchema): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  walk(raw, schema, [], diagnostics);
  return diagnostics;
}

function walk(value: unknown, schema: JsonSchema, path: string[], out: Diagnostic[]): void {
  if (Array.isArray(value)) {
    const items = schema["items"];
    if (isPlainObject(items)) {
      value.forEach((item, index) => walk(item, items, [...path, String(index)], out));
    }
    return;
  }
  if (!isPlainObject(value)) return;
  // A union (`profile`: a name or an inline object): walk the object branch the value is.
  const anyOf = schema["anyOf"];
  if (Array.isArray(anyOf)) {
    const branch = anyOf.find(
      (option): option is JsonSchema => isPlainObject(option) && option["type"] === "object",
    );
    if (branch !== undefined) walk(value, branch, path, out);
    return;
  }
  if (schema["type"] !== "object") return;
  const properties = isPlainObject(schema["properties"]) ? schema["properties"] : {};
  const additional = schema["additionalProperties"];
  for (const key of Object.keys(value)) {
    const known = Object.hasOwn(properties, key) ? properties[key] : undefined;
    const next = isPlainObject(known) ? known : isPlainObject(additional) ? additional : undefined;
    if (next === undefined) {
      const keyPath = formatConfigPath([...path, key]);
      out.push({
        code: "CONFIG_UNKNOWN_KEY",
        severity: "warning",
        message: `${keyPath} is not a known setting and has no effect`,
        path: keyPath,
        hint: `Check the spelling against ${docsUrl("configuration.md")} or \`promptstack schema\`.`,
      });
      continue;
    }
    walk(value[key], next, [...path, key], out);
  }
}
