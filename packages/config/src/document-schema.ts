import * as z from "zod/mini";

/**
 * Returns a function for a mini schema's `.apply()` that records JSON Schema metadata (the
 * `description`, then `default`, `deprecated`, ...) on that schema in zod's global registry, the
 * one `z.toJSONSchema` reads: what classic's `.describe()` and `.meta()` record, on the schema
 * itself instead of on a clone. zod/mini's own `.check(z.describe(...))` clones the schema and
 * adds a no-op check that every parse then runs; this does neither. Only for a schema built for
 * this one use: a schema shared by several keys would take the last description for all of them.
 */
export function documented<T extends z.core.$ZodType>(
  description: string | undefined,
  metadata: z.core.GlobalMeta = {},
): (schema: T) => T {
  return (schema) => {
    z.globalRegistry.add(schema, {
      ...z.globalRegistry.get(schema),
      ...(description === undefined ? {} : { description }),
      ...metadata,
    });
    return schema;
  };
}
