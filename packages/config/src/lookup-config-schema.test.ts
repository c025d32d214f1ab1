import { describe, expect, it } from "vitest";
import { getConfigJsonSchema } from "./build-config-json-schema.js";
import type { JsonSchema } from "./build-config-json-schema.js";
import {
  listSchemaChildren,
  lookupConfigSchema,
  lookupJsonSchemaPath,
} from "./lookup-config-schema.js";

describe("lookupConfigSchema", () => {
  it("answers for a wildcard path", () => {
    expect(lookupConfigSchema("agents.entries.*.skills")).toEqual({
      path: "agents.entries.*.skills",
      description: "Skills allowlist by name. Unset: unrestricted. `[]`: no skills.",
      type: "array of non-empty strings",
      constraints: {},
    });
  });

  it("answers for a concrete map key the same as for the wildcard", () => {
    const concrete = lookupConfigSchema("agents.entries.research.skills");
    expect({ ...concrete, path: "" }).toEqual({
      ...lookupConfigSchema("agents.entries.*.skills"),
      path: "",
    });
  });

  it("returns default and constraints", () => {
    expect(lookupConfigSchema("agents.defaults.bootstrapMaxChars")).toMatchObject({
      type: "integer > 0",
      default: 20000,
      constraints: { exclusiveMinimum: 0 },
    });
    expect(lookupConfigSchema("tools.exec.security")).toMatchObject({
      default: "allowlist",
      constraints: { enum: ["deny", "allowlist", "full"] },
    });
    expect(lookupConfigSchema("agents.defaults.timeFormat")?.deprecated).toBe(true);
  });

  it("lists children of objects and maps", () => {
    const exec = lookupConfigSchema("tools.exec");
    expect(exec?.children?.map((child) => child.key)).toEqual(["ask", "security"]);
    expect(lookupConfigSchema("plugins.entries")?.children?.map((child) => child.key)).toEqual([
      "openai",
      "*",
    ]);
    expect(lookupConfigSchema("")?.children?.map((child) => child.key)).toEqual([
      "agents",
      "skills",
      "plugins",
      "tools",
    ]);
  });

  it("returns undefined for unknown paths", () => {
    expect(lookupConfigSchema("agents.defaults.nope")).toBeUndefined();
    expect(lookupConfigSchema("tools.exec.ask.deeper")).toBeUndefined();
    expect(lookupConfigSchema("agents..defaults")).toBeUndefined();
    expect(lookupConfigSchema("__proto__")).toBeUndefined();
  });

  it("answers for array items with their own description", () => {
    expect(lookupConfigSchema("agents.entries.*.skills.*")).toEqual({
      path: "agents.entries.*.skills.*",
      description: "Skill name (the `name` in its SKILL.md frontmatter).",
      type: "non-empty string",
      constraints: { minLength: 1 },
    });
    expect(lookupConfigSchema("skills.load.extraDirs.0")?.description).toBe(
      "Folder that holds skill folders.",
    );
  });

  it("every key and array item in the schema has a description", () => {
    const missing: string[] = [];
    const walk = (node: JsonSchema, path: string): void => {
      const items = node["items"];
      const children = listSchemaChildren(node);
      if (typeof items === "object" && items !== null && !children.some((c) => c.key === "*")) {
        children.push({ key: "*", schema: items as JsonSchema });
      }
      for (const { key, schema } of children) {
        const childPath = path === "" ? key : `${path}.${key}`;
        if (typeof schema["description"] !== "string" || schema["description"] === "") {
          missing.push(childPath);
        }
        walk(schema, childPath);
      }
    };
    walk(getConfigJsonSchema(), "");
    expect(missing).toEqual([]);
  });
});

describe("lookupJsonSchemaPath over a hand-made schema", () => {
  const MAX = Number.MAX_SAFE_INTEGER;
  const root: JsonSchema = {
    type: "object",
    description: "Root.",
    properties: {
      count: { type: "integer", description: "Count.", minimum: 1, maximum: 10, default: 3 },
      big: { type: "integer", exclusiveMinimum: 0, maximum: MAX },
      ratio: { type: "number", minimum: 0 },
      name: { type: "string", minLength: 1, maxLength: 5 },
      blank: { type: "string", minLength: 0, maxLength: "5" },
      mode: { enum: ["a", "b"], deprecated: true },
      list: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 2 },
      objs: { type: "array", items: { type: "object", properties: { x: { type: "string" } } } },
      anyList: { type: "array" },
      names: { type: "array", items: { type: "string", minLength: 1 } },
      numbers: { type: "array", items: { type: "integer" } },
      map: {
        type: "object",
        properties: { "*": { type: "string" } },
        additionalProperties: { type: "integer" },
      },
      free: { type: "object", additionalProperties: {} },
      bare: { type: "object" },
      anything: {},
      odd: 5,
    },
  };
  const look = (path: string) => lookupJsonSchemaPath(root, path);

  it("describes every child of an object, with its type and description", () => {
    expect(look("")).toStrictEqual({
      path: "",
      description: "Root.",
      type: "object",
      constraints: {},
      children: [
        { key: "count", type: "integer >= 1 <= 10", description: "Count." },
        { key: "big", type: "integer > 0" },
        { key: "ratio", type: "number >= 0" },
        { key: "name", type: "non-empty string" },
        { key: "blank", type: "string" },
        { key: "mode", type: '"a" | "b"' },
        { key: "list", type: "array of strings" },
        { key: "objs", type: "array of objects" },
        { key: "anyList", type: "array of values" },
        { key: "names", type: "array of non-empty strings" },
        { key: "numbers", type: "array of integer" },
        { key: "map", type: "object" },
        { key: "free", type: "object (free-form)" },
        { key: "bare", type: "object" },
        { key: "anything", type: "any" },
      ],
    });
    expect(look(".")).toStrictEqual(look(""));
  });

  it("reads defaults, deprecation and every numeric constraint, but not the safe-integer maximum", () => {
    expect(look("  count  ")).toStrictEqual({
      path: "count",
      description: "Count.",
      type: "integer >= 1 <= 10",
      default: 3,
      constraints: { minimum: 1, maximum: 10 },
    });
    expect(look("big")).toStrictEqual({
      path: "big",
      type: "integer > 0",
      constraints: { exclusiveMinimum: 0 },
    });
    expect(look("name")?.constraints).toStrictEqual({ minLength: 1, maxLength: 5 });
    expect(look("blank")?.constraints).toStrictEqual({ minLength: 0 });
    expect(look("list")?.constraints).toStrictEqual({ minItems: 1, maxItems: 2 });
    expect(look("mode")).toStrictEqual({
      path: "mode",
      type: '"a" | "b"',
      deprecated: true,
      constraints: { enum: ["a", "b"] },
    });
  });

  it("drops only the maximum at the safe-integer bound, and reads a length only when it is a number (issue 36)", () => {
    const odd: JsonSchema = {
      type: "object",
      properties: {
        huge: { type: "integer", minimum: MAX, maximum: MAX },
        loose: { type: "string", minLength: "1" },
      },
    };
    expect(lookupJsonSchemaPath(odd, "huge")).toStrictEqual({
      path: "huge",
      type: `integer >= ${MAX}`,
      constraints: { minimum: MAX },
    });
    expect(lookupJsonSchemaPath(odd, "loose")).toStrictEqual({
      path: "loose",
      type: "string",
      constraints: {},
    });
  });

  it("resolves `*` and concrete keys of maps, and only `*` or whole indices of arrays", () => {
    expect(look("map.*")?.type).toBe("integer");
    expect(look("map.some")?.type).toBe("integer");
    expect(look("list.*")?.type).toBe("string");
    expect(look("list.12")?.type).toBe("string");
    expect(look("objs.0")?.children).toStrictEqual([{ key: "x", type: "string" }]);
    for (const path of ["list.x", "list.1x", "list.x1", "free.x", "bare.x", "odd", "nope.x"]) {
      expect(look(path)).toBeUndefined();
    }
  });

  it("refuses an empty segment", () => {
    for (const path of ["map.", ".map", "map..x", "count."]) expect(look(path)).toBeUndefined();
  });
});
