import { describe, expect, it } from "vitest";
import { getConfigJsonSchema } from "./build-config-json-schema.js";
import type { JsonSchema } from "./build-config-json-schema.js";
import { listSchemaChildren, lookupConfigSchema } from "./lookup-config-schema.js";

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
