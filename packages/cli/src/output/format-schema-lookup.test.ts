import { describe, expect, it } from "vitest";
import { markingStyler } from "../../test/marking-styler.js";
import { formatSchemaLookup } from "./format-schema-lookup.js";

describe("formatSchemaLookup", () => {
  it("shows every part of a lookup: type, default, constraints, deprecation, description, children", () => {
    const text = formatSchemaLookup(
      {
        path: "agents.defaults.mode",
        type: '"suggest" | "prefer"',
        default: "suggest",
        constraints: { enum: ["suggest", "prefer"], minLength: 1 },
        deprecated: true,
        description: "How strongly the prompt steers.",
        children: [
          { key: "a", type: "string", description: "The first child." },
          { key: "longer", type: "integer" },
        ],
      },
      markingStyler,
    );
    expect(text).toBe(
      [
        "<bold>agents.defaults.mode</bold>",
        '  type:        "suggest" | "prefer"',
        '  default:     "suggest"',
        '  constraints: enum ["suggest","prefer"], minLength 1',
        "  <yellow>deprecated</yellow>",
        "  How strongly the prompt steers.",
        "",
        "  <dim>KEY   </dim>  <dim>TYPE   </dim>  <dim>DESCRIPTION</dim>",
        "  a       string   The first child.",
        "  longer  integer",
        "",
      ].join("\n"),
    );
  });

  it("leaves out what the lookup does not have, and names the root", () => {
    const lookup = { path: "", type: "object", constraints: {}, children: [] };
    expect(formatSchemaLookup(lookup, markingStyler)).toBe(
      "<bold>(config root)</bold>\n  type:        object\n",
    );
    expect(formatSchemaLookup({ ...lookup, deprecated: false }, markingStyler)).toBe(
      "<bold>(config root)</bold>\n  type:        object\n",
    );
  });

  it("writes defaults and constraints as JSON, false and 0 included", () => {
    const text = formatSchemaLookup(
      { path: "x", type: "boolean", default: false, constraints: { minimum: 0, maximum: 10 } },
      markingStyler,
    );
    expect(text).toBe(
      "<bold>x</bold>\n  type:        boolean\n  default:     false\n  constraints: minimum 0, maximum 10\n",
    );
  });
});
