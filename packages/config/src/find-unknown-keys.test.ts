import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Diagnostic } from "@promptstack/core";
import { getConfigJsonSchema } from "./build-config-json-schema.js";
import { buildJsonSchemaFromZod } from "./build-json-schema-from-zod.js";
import type { JsonSchema } from "./build-config-json-schema.js";
import { getConfigSchema } from "./config-schema.js";
import { findUnknownKeys } from "./find-unknown-keys.js";
import { formatConfigPath } from "./format-config-path.js";
import { isPlainObject } from "./plain-object.js";

/**
 * The reference: the same walk over the configuration's JSON Schema (what parseConfig read
 * before it walked the zod schema directly).
 */
function findUnknownKeysInJsonSchema(raw: unknown, schema: JsonSchema): string[] {
  const out: string[] = [];
  const walk = (value: unknown, node: JsonSchema, path: string[]): void => {
    if (Array.isArray(value)) {
      const items = node["items"];
      if (isPlainObject(items))
        value.forEach((item, index) => walk(item, items, [...path, String(index)]));
      return;
    }
    if (!isPlainObject(value)) return;
    const anyOf = node["anyOf"];
    if (Array.isArray(anyOf)) {
      const branch = anyOf.find(
        (option): option is JsonSchema => isPlainObject(option) && option["type"] === "object",
      );
      if (branch !== undefined) walk(value, branch, path);
      return;
    }
    if (node["type"] !== "object") return;
    const properties = isPlainObject(node["properties"]) ? node["properties"] : {};
    const additional = node["additionalProperties"];
    for (const key of Object.keys(value)) {
      const known = Object.hasOwn(properties, key) ? properties[key] : undefined;
      const next = isPlainObject(known)
        ? known
        : isPlainObject(additional)
          ? additional
          : undefined;
      if (next === undefined) out.push(formatConfigPath([...path, key]));
      else walk(value[key], next, [...path, key]);
    }
  };
  walk(raw, schema, []);
  return out;
}

const paths = (diagnostics: Diagnostic[]): (string | undefined)[] => diagnostics.map((d) => d.path);

/** A random document shaped by the JSON Schema: known keys, misspelt keys, odd values. */
function generateDocument(schema: JsonSchema, random: () => number, depth: number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const leaf = (): unknown =>
    pick(["text", 1, true, null, [], [{ stray: 1 }], { stray: { deeper: true } }, {}]);
  if (depth > 6) return leaf();
  const anyOf = schema["anyOf"];
  if (Array.isArray(anyOf) && random() < 0.8) {
    return generateDocument(pick(anyOf as JsonSchema[]), random, depth + 1);
  }
  if (schema["type"] === "array" && isPlainObject(schema["items"]) && random() < 0.8) {
    return Array.from({ length: Math.floor(random() * 3) }, () =>
      generateDocument(schema["items"] as JsonSchema, random, depth + 1),
    );
  }
  if (schema["type"] !== "object" || random() < 0.1) return leaf();
  const document: Record<string, unknown> = {};
  const properties = isPlainObject(schema["properties"]) ? schema["properties"] : {};
  for (const [key, property] of Object.entries(properties)) {
    if (random() < 0.5 && isPlainObject(property)) {
      document[key] = generateDocument(property, random, depth + 1);
    }
  }
  const additional = schema["additionalProperties"];
  const extraKeys = ["skillz", "bootstrapMaxChar", "__proto__x", "main", "x-y"];
  for (let count = Math.floor(random() * 3); count > 0; count -= 1) {
    document[pick(extraKeys)] = isPlainObject(additional)
      ? generateDocument(additional, random, depth + 1)
      : leaf();
  }
  return document;
}

describe("findUnknownKeys", () => {
  it("reports the paths the configuration's JSON Schema does not know", () => {
    const raw = {
      agents: { defaults: { bootstrapMaxChar: 1 }, entries: { a: { skillz: [] } } },
      gateway: {},
      plugins: { entries: { openai: { config: { anything: true } } } },
    };
    expect(paths(findUnknownKeys(raw, getConfigSchema()))).toEqual([
      "agents.defaults.bootstrapMaxChar",
      "agents.entries.a.skillz",
      "gateway",
    ]);
  });

  it("agrees with the walk over the JSON Schema on random documents", () => {
    const jsonSchema = getConfigJsonSchema();
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        let state = seed >>> 0;
        const random = (): number => {
          state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
          return state / 2 ** 32;
        };
        const raw = generateDocument(jsonSchema, random, 0);
        expect(paths(findUnknownKeys(raw, getConfigSchema()))).toEqual(
          findUnknownKeysInJsonSchema(raw, jsonSchema),
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe("findUnknownKeys over zod wrappers", () => {
  const unknown = (path: string): Diagnostic => ({
    code: "CONFIG_UNKNOWN_KEY",
    severity: "warning",
    message: `${path} is not a known setting and has no effect`,
    path,
    hint: "Check the spelling with `promptstack schema` or against docs/configuration.md in the promptstack repository.",
  });
  const inner = z.strictObject({ known: z.string() });
  const schema = z.strictObject({
    nullable: inner.nullable(),
    nullableText: z.string().nullable(),
    union: z.union([z.string(), inner]),
    scalars: z.union([z.string(), z.number()]),
    exclusive: z.xor([z.string(), inner]),
    transformed: inner.transform((value) => value.known),
    preprocessed: z.preprocess((value) => value, inner),
    lazy: z.lazy(() => inner),
  });
  const node = (value: z.ZodType) => value as unknown as Parameters<typeof findUnknownKeys>[1];

  it("walks nullable, union, piped and lazy schemas; not an exclusive union", () => {
    const raw = Object.fromEntries(
      ["nullable", "union", "exclusive", "transformed", "preprocessed", "lazy"].map((key) => [
        key,
        { known: "x", extra: 1 },
      ]),
    );
    expect(findUnknownKeys(raw, node(schema))).toEqual([
      unknown("nullable.extra"),
      unknown("union.extra"),
      unknown("transformed.extra"),
      unknown("preprocessed.extra"),
      unknown("lazy.extra"),
    ]);
  });

  it("ignores an object where a union or nullable has no object branch", () => {
    expect(
      findUnknownKeys({ nullableText: { extra: 1 }, scalars: { extra: 1 } }, node(schema)),
    ).toEqual([]);
  });

  it("walks the inner schema of default, prefault, nonoptional, readonly and catch wrappers", () => {
    const wrappers = z.strictObject({
      withDefault: inner.default({ known: "x" }),
      withPrefault: inner.prefault({ known: "x" }),
      nonoptional: inner.optional().nonoptional(),
      readonly: inner.readonly(),
      withCatch: inner.catch({ known: "x" }),
    });
    const raw = Object.fromEntries(
      Object.keys(wrappers.shape).map((key) => [key, { known: "x", extra: 1 }]),
    );
    expect(findUnknownKeys(raw, node(wrappers))).toEqual([
      unknown("withDefault.extra"),
      unknown("withPrefault.extra"),
      unknown("nonoptional.extra"),
      unknown("readonly.extra"),
      unknown("withCatch.extra"),
    ]);
  });

  it("reads a nullable as its JSON Schema does: a union with null, whose object branch alone is walked", () => {
    const nullables = z.strictObject({
      nullable: inner.nullable(),
      nullableList: z.array(inner).nullable(),
      nullableUnion: z.union([z.string(), inner]).nullable(),
    });
    const raw = {
      nullable: { known: "x", extra: 1 },
      nullableList: [{ known: "x", extra: 1 }],
      nullableUnion: { known: "x", extra: 1 },
    };
    const jsonSchema = buildJsonSchemaFromZod(nullables, "nullables");
    expect(findUnknownKeysInJsonSchema(raw, jsonSchema)).toEqual(["nullable.extra"]);
    expect(findUnknownKeys(raw, node(nullables))).toEqual([unknown("nullable.extra")]);
  });
});
