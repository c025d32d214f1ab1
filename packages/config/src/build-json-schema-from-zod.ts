import * as z from "zod/mini";
import type { JsonSchema } from "./build-config-json-schema.js";

/**
 * Builds a JSON Schema from any zod schema (zod's export, input side). Internal: zod never
 * crosses the package's public API, so its types stay out of the published declarations.
 */
export function buildJsonSchemaFromZod(schema: z.core.$ZodType, title: string): JsonSchema {
  const generated = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return { ...generated, title };
}
