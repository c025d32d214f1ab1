import { describe, expect, it } from "vitest";
import { ProvidersError } from "./providers-error.js";
import { toCanonicalTools } from "./to-canonical-tools.js";
import { invalidArgument, thrownBy } from "../test/expected-errors.js";

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

describe("toCanonicalTools: whole results and errors", () => {
  it("returns frozen tools with name, description and schema, sorted by name", () => {
    const { tools } = toCanonicalTools([
      { name: "b", description: "Bee." },
      { name: "a", parameters: { type: "object", required: ["x"] } },
      { name: "B" },
      { name: "c" },
    ]);
    expect(tools).toEqual([
      { name: "B", description: undefined, inputSchema: { type: "object" } },
      { name: "a", description: undefined, inputSchema: { required: ["x"], type: "object" } },
      { name: "b", description: "Bee.", inputSchema: { type: "object" } },
      { name: "c", description: undefined, inputSchema: { type: "object" } },
    ]);
    expect(Object.keys(tools[0]!)).toEqual(["name", "description", "inputSchema"]);
    expect(Object.isFrozen(tools)).toBe(true);
    expect(Object.isFrozen(tools[0])).toBe(true);
  });

  it("reports a per-turn value with the tool, the value and a hint", () => {
    const { diagnostics } = toCanonicalTools([
      { name: "late", description: "Runs at 9:05:30 sharp." },
      { name: "dated", parameters: { type: "object", default: "2026-11-29" } },
    ]);
    expect(diagnostics).toEqual([
      {
        code: "PROVIDERS_VOLATILE_TOOL_DESCRIPTION",
        severity: "warning",
        message:
          'tool "late" contains a per-turn value (a clock time, "9:05:30"); tools come first in the cached prefix, so every change re-bills the whole prompt',
        path: "tools[0]",
        hint: "Keep tool descriptions constant; send per-turn values as runtime context.",
      },
      {
        code: "PROVIDERS_VOLATILE_TOOL_DESCRIPTION",
        severity: "warning",
        message:
          'tool "dated" contains a per-turn value (a date, "2026-11-29"); tools come first in the cached prefix, so every change re-bills the whole prompt',
        path: "tools[1]",
        hint: "Keep tool descriptions constant; send per-turn values as runtime context.",
      },
    ]);
  });

  it("looks for per-turn values of three characters or more, trimmed", () => {
    const tools = [{ name: "t", description: "Sends to ops via sms." }];
    const found = (values: string[]) =>
      toCanonicalTools(tools, { volatileValues: values }).diagnostics.map((d) => d.message);
    expect(found(["sms"])).toEqual([
      'tool "t" contains a per-turn value ("sms"); tools come first in the cached prefix, so every change re-bills the whole prompt',
    ]);
    expect(found([" ops "])).toHaveLength(1);
    expect(found(["to", " to", "s. ", "", "fax"])).toEqual([]);
    expect(found(["fax", "ops"])).toHaveLength(1);
  });

  it("checks a tool without a description on its schema alone", () => {
    const { diagnostics } = toCanonicalTools([{ name: "t" }], {
      volatileValues: ["undefined", "null"],
    });
    expect(diagnostics).toEqual([]);
  });

  it("throws PROVIDERS_DUPLICATE_TOOL naming the second tool", () => {
    expect(
      thrownBy(() => toCanonicalTools([{ name: "a" }, { name: "b" }, { name: "a" }])),
    ).toMatchObject({
      code: "PROVIDERS_DUPLICATE_TOOL",
      message: 'toCanonicalTools: two tools are named "a".',
      path: "tools[2].name",
      hint: "Give every tool a unique name.",
    });
  });

  const fn = "toCanonicalTools";
  it.each<[string, unknown, object]>([
    [
      "tools that are not an array",
      { name: "a" },
      invalidArgument(fn, "tools", "an array", "an object"),
    ],
    ["a tool that is not an object", [null], invalidArgument(fn, "tools[0]", "an object", "null")],
    [
      "a tool without a name",
      [{ description: "d" }],
      invalidArgument(fn, "tools[0].name", "a string", "nothing"),
    ],
    [
      "a description that is not a string",
      [{ name: "a" }, { name: "b", description: 1 }],
      invalidArgument(fn, "tools[1].description", "a string", "a number"),
    ],
    [
      "parameters that are not an object",
      [{ name: "a", parameters: [] }],
      invalidArgument(fn, "tools[0].parameters", "an object", "an array"),
    ],
    [
      "parameters of another type",
      [{ name: "a", parameters: { type: "string" } }],
      invalidArgument(
        fn,
        "tools[0].parameters.type",
        '"object" (tool input is always an object)',
        "a string",
      ),
    ],
    [
      "parameters without a type",
      [{ name: "a", parameters: {} }],
      invalidArgument(
        fn,
        "tools[0].parameters.type",
        '"object" (tool input is always an object)',
        "nothing",
      ),
    ],
  ])("rejects %s", (_name, tools, expected) => {
    expect(thrownBy(() => toCanonicalTools(tools as never))).toMatchObject(expected);
  });

  it("names the schema path of a value JSON cannot carry", () => {
    expect(
      thrownBy(() =>
        toCanonicalTools([{ name: "a", parameters: { type: "object", max: Infinity } }]),
      ),
    ).toMatchObject({ code: "PROVIDERS_INVALID_ARGUMENT", path: "tools[0].parameters.max" });
  });
});
