import { describe, expect, it } from "vitest";
import { ProvidersError } from "./providers-error.js";
import { toCanonicalTools } from "./to-canonical-tools.js";

describe("toCanonicalTools", () => {
  it("sorts tools by name and schema keys recursively", () => {
    const { tools, diagnostics } = toCanonicalTools([
      {
        name: "write",
        parameters: { type: "object", properties: { b: {}, a: { type: "string" } } },
      },
      { name: "read" },
    ]);
    expect(tools.map((tool) => tool.name)).toEqual(["read", "write"]);
    expect(JSON.stringify(tools[1]!.inputSchema)).toBe(
      '{"properties":{"a":{"type":"string"},"b":{}},"type":"object"}',
    );
    expect(tools[0]!.inputSchema).toEqual({ type: "object" });
    expect(diagnostics).toEqual([]);
  });

  it("keeps a schema property named __proto__ as data", () => {
    const inputSchema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{},"a":{}}}',
    ) as Record<string, unknown>;
    const { tools } = toCanonicalTools([{ name: "odd", parameters: inputSchema }]);
    const properties = tools[0]!.inputSchema["properties"] as object;
    expect(Object.keys(properties)).toEqual(["__proto__", "a", "constructor"]);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(JSON.stringify(tools[0]!.inputSchema)).toBe(
      '{"properties":{"__proto__":{"type":"string"},"a":{},"constructor":{}},"type":"object"}',
    );
  });

  it("warns about per-turn values in a tool", () => {
    const { diagnostics } = toCanonicalTools(
      [
        { name: "a", description: "Today is 2026-11-29." },
        { name: "b", description: "Now 09:12." },
        { name: "c", description: "Posting to telegram." },
        { name: "d", description: "Reads files." },
      ],
      { volatileValues: ["telegram"] },
    );
    expect(diagnostics.map((d) => [d.code, d.path])).toEqual([
      ["PROVIDERS_VOLATILE_TOOL_DESCRIPTION", "tools[0]"],
      ["PROVIDERS_VOLATILE_TOOL_DESCRIPTION", "tools[1]"],
      ["PROVIDERS_VOLATILE_TOOL_DESCRIPTION", "tools[2]"],
    ]);
  });

  it("throws on duplicate names, non-object schemas and non-JSON values", () => {
    expect(() => toCanonicalTools([{ name: "a" }, { name: "a" }])).toThrow(ProvidersError);
    expect(() => toCanonicalTools([{ name: "a", parameters: { type: "string" } }])).toThrow(
      /parameters.type/,
    );
    expect(() =>
      toCanonicalTools([{ name: "a", parameters: { type: "object", max: Number.NaN } }]),
    ).toThrow(/finite number/);
  });
});
