import fc from "fast-check";
import JSON5 from "json5";
import { describe, expect, it } from "vitest";
import { findDuplicateConfigKeys } from "./find-duplicate-config-keys.js";
import { formatConfigPath } from "./format-config-path.js";

/** A generated document: objects keep every entry, duplicates included, in order. */
type Node =
  | { readonly kind: "leaf"; readonly value: number | string | boolean | null }
  | { readonly kind: "array"; readonly items: readonly Node[] }
  | { readonly kind: "object"; readonly entries: readonly (readonly [string, Node, number])[] };

// A small pool so that keys repeat; includes keys that need quotes and a non-ASCII one.
const KEYS = ["a", "b", "ab", "$x", "_y", "with space", "é", "0"] as const;

const leaf = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.string({ maxLength: 6 }),
  fc.boolean(),
  fc.constant(null),
);

const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf.map((value): Node => ({ kind: "leaf", value })),
    fc.array(tie("node"), { maxLength: 3 }).map((items): Node => ({ kind: "array", items })),
    fc
      .array(fc.tuple(fc.constantFrom(...KEYS), tie("node"), fc.nat(4)), { maxLength: 6 })
      .map((entries): Node => ({ kind: "object", entries })),
  ),
}));

const document = fc
  .array(fc.tuple(fc.constantFrom(...KEYS), node, fc.nat(4)), { maxLength: 6 })
  .map((entries): Node => ({ kind: "object", entries }));

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Spells a key in one of the JSON5 forms that all mean the same key. */
function printKey(key: string, style: number): string {
  const escaped = Array.from(key).map(
    (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, "0")}`,
  );
  switch (style) {
    case 0:
      return JSON.stringify(key);
    case 1:
      return `'${key}'`;
    case 2:
      return `"${escaped.join("")}"`;
    case 3:
      // An identifier whose first letter is a unicode escape.
      if (IDENTIFIER.test(key)) return `${escaped[0]}${key.slice(1)}`;
      return JSON.stringify(key);
    default:
      return IDENTIFIER.test(key) ? key : JSON.stringify(key);
  }
}

function print(value: Node): string {
  if (value.kind === "leaf") return JSON.stringify(value.value);
  if (value.kind === "array")
    return `[${value.items.map(print).join(", ")}${value.items.length > 0 ? "," : ""}]`;
  const body = value.entries.map(
    ([key, child, style]) => `  // ${key}\n  ${printKey(key, style)}: ${print(child)},\n`,
  );
  return `{\n${body.join("")}}`;
}

/** Last value wins, as in JSON5. */
function toValue(value: Node): unknown {
  if (value.kind === "leaf") return value.value;
  if (value.kind === "array") return value.items.map(toValue);
  const out: Record<string, unknown> = {};
  for (const [key, child] of value.entries) out[key] = toValue(child);
  return out;
}

/** Every object, every entry (also under an ignored duplicate): `path×count` of each repeat. */
function expectedDuplicates(value: Node, path: string[] = [], out: string[] = []): string[] {
  if (value.kind === "array")
    value.items.forEach((item, i) => expectedDuplicates(item, [...path, String(i)], out));
  if (value.kind !== "object") return out;
  const counts = new Map<string, number>();
  for (const [key] of value.entries) counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const [key, count] of counts) {
    if (count > 1) out.push(`${formatConfigPath([...path, key])}×${count}`);
  }
  for (const [key, child] of value.entries) expectedDuplicates(child, [...path, key], out);
  return out;
}

function reported(text: string): string[] {
  return findDuplicateConfigKeys(text).map((diagnostic) => {
    const count = /is set (\d+) times/.exec(diagnostic.message)?.[1];
    return `${diagnostic.path}×${count}`;
  });
}

describe("findDuplicateConfigKeys", () => {
  it("reports exactly the keys repeated in one object, at any depth, however they are spelled", () => {
    fc.assert(
      fc.property(document, (doc) => {
        const text = print(doc);
        // The printer is right: JSON5 reads the text as the last-wins value.
        expect(JSON5.parse(text)).toEqual(toValue(doc));
        expect(reported(text).sort()).toEqual(expectedDuplicates(doc).sort());
      }),
      { numRuns: 300 },
    );
  });

  it("names the path, the source and every line, in the order of the text", () => {
    const text = [
      "{",
      "  agents: {",
      "    defaults: { model: 'a', 'model': 'b' },",
      "  },",
      '  "tools": { deny: [] },',
      "  // the same key, spelled with an escape",
      "  t\\u006fols: { deny: ['exec'] },",
      "}",
    ].join("\n");
    const diagnostics = findDuplicateConfigKeys(text, "config.json5");
    expect(diagnostics).toEqual([
      {
        code: "CONFIG_DUPLICATE_KEY",
        severity: "warning",
        message:
          "agents.defaults.model is set 2 times in config.json5 (lines 3, 3); only the last value is used",
        path: "agents.defaults.model",
        hint: "Keep one of them and delete the others.",
      },
      expect.objectContaining({
        path: "tools",
        message: "tools is set 2 times in config.json5 (lines 5, 7); only the last value is used",
      }),
    ]);
  });

  it("finds none in a document without repeats, and none in text it cannot parse", () => {
    expect(findDuplicateConfigKeys("\uFEFF{ a: 1, b: { a: 2 }, c: [{ a: 1 }, { a: 2 }] }")).toEqual(
      [],
    );
    expect(findDuplicateConfigKeys("{ a: ")).toEqual([]);
  });

  it("reads the text after a byte-order mark, and keeps a byte-order mark inside a key", () => {
    const repeated = (key: string) => ({
      code: "CONFIG_DUPLICATE_KEY",
      severity: "warning",
      message: `${key} is set 2 times (lines 1, 1); only the last value is used`,
      path: key,
      hint: "Keep one of them and delete the others.",
    });
    expect(findDuplicateConfigKeys('\uFEFF{ "a": 1, "a": 2 }')).toEqual([repeated("a")]);
    expect(findDuplicateConfigKeys('{ "b\uFEFF": 1, "b": 2 }')).toEqual([]);
  });

  it("names no source when none is given", () => {
    expect(findDuplicateConfigKeys('{ "a": 1, "a": 2 }')).toEqual([
      {
        code: "CONFIG_DUPLICATE_KEY",
        severity: "warning",
        message: "a is set 2 times (lines 1, 1); only the last value is used",
        path: "a",
        hint: "Keep one of them and delete the others.",
      },
    ]);
  });
});
