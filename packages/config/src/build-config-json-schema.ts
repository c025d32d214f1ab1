import { buildJsonSchemaFromZod } from "./build-json-schema-from-zod.js";
import { getConfigSchema } from "./config-schema.js";

/** A JSON Schema document (draft 2020-12), as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

let cachedConfigJsonSchema: JsonSchema | undefined;

/** Internal: the config JSON Schema, built once. Callers must not mutate it. */
export function getConfigJsonSchema(): JsonSchema {
  cachedConfigJsonSchema ??= buildJsonSchemaFromZod(getConfigSchema(), "promptstack configuration");
  return cachedConfigJsonSchema;
}

/** The configuration's JSON Schema (zod's export, input side): descriptions, defaults, bounds. */
export function buildConfigJsonSchema(): JsonSchema {
  return structuredClone(getConfigJsonSchema());
}

/** Serializes a JSON Schema the way `packages/config/schema.json` is committed. */
export function formatJsonSchemaFile(schema: JsonSchema): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
