import { describe, expect, it } from "vitest";
import {
  MAX_DOCUMENT_DEPTH,
  MAX_DOCUMENT_NODES,
  findDocumentHazards,
  withoutPrototypeKeys,
} from "./find-document-hazards.js";
import { parseConfig } from "./parse-config.js";

/** An object whose innermost object sits `depth` keys below the root (`{"a":{"a":...{}}}`). */
function nested(depth: number): unknown {
  let value: unknown = {};
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

describe("findDocumentHazards", () => {
  it("refuses an object nested exactly to the depth limit, and accepts one level less", () => {
    expect(findDocumentHazards(nested(MAX_DOCUMENT_DEPTH - 1))).toEqual([]);
    expect(findDocumentHazards(nested(MAX_DOCUMENT_DEPTH))).toEqual([
      {
        path: Array.from({ length: MAX_DOCUMENT_DEPTH }, () => "a").join("."),
        message: `nested deeper than ${MAX_DOCUMENT_DEPTH} levels`,
      },
    ]);
    // Arrays count as levels too.
    let array: unknown = [];
    for (let level = 0; level < MAX_DOCUMENT_DEPTH; level++) array = [array];
    expect(findDocumentHazards(array)).toHaveLength(1);
  });

  it("makes parseConfig throw for a config nested exactly to the depth limit", () => {
    expect(() => parseConfig({ plugins: { entries: { p: { config: nested(60) } } } })).toThrow(
      /nested deeper than 64 levels/,
    );
    expect(parseConfig({ plugins: { entries: { p: { config: nested(59) } } } }).config).toEqual({
      plugins: { entries: { p: { config: nested(59) } } },
    });
  });
});

describe("findDocumentHazards: values that are not JSON", () => {
  it("names every non-JSON value and non-plain object by path", () => {
    const doc = {
      n: Number.NaN,
      big: 1n,
      sym: Symbol("s"),
      fn: () => 1,
      when: new Date(0),
      list: [new Map(), Number.POSITIVE_INFINITY],
      skipped: undefined,
      fine: { a: [1, "x", null, true] },
    };
    expect(findDocumentHazards(doc)).toEqual([
      { path: "n", message: "expected a finite number" },
      { path: "big", message: "expected a JSON value, got a bigint" },
      { path: "sym", message: "expected a JSON value, got a symbol" },
      { path: "fn", message: "expected a JSON value, got a function" },
      { path: "when", message: "expected a plain JSON object" },
      { path: "list.0", message: "expected a plain JSON object" },
      { path: "list.1", message: "expected a finite number" },
    ]);
  });

  it("visits each key of an object once, a key named `undefined` too", () => {
    expect(findDocumentHazards({ undefined: Number.NaN, b: 1 })).toEqual([
      { path: "undefined", message: "expected a finite number" },
    ]);
  });

  it("accepts exactly the most values, and stops at the root one past it", () => {
    const zeros = (count: number) => Array.from({ length: count }, () => 0);
    // The array itself is one value.
    expect(findDocumentHazards(zeros(MAX_DOCUMENT_NODES - 1))).toEqual([]);
    expect(findDocumentHazards(zeros(MAX_DOCUMENT_NODES))).toEqual([
      {
        path: "(root)",
        message: `document has more than ${MAX_DOCUMENT_NODES} values; split or shorten it`,
      },
    ]);
  });
});

describe("withoutPrototypeKeys", () => {
  it("copies a document deeply without prototype keys, keeping arrays, scalars and null", () => {
    const raw: unknown = JSON.parse(
      '{"__proto__":{"x":1},"a":[1,{"constructor":2,"b":null}],"prototype":3,"c":"s","d":true}',
    );
    const copy = withoutPrototypeKeys(raw) as Record<string, unknown>;
    expect(copy).toEqual({ a: [1, { b: null }], c: "s", d: true });
    expect(Object.keys(copy)).toEqual(["a", "c", "d"]);
    expect(Array.isArray(copy["a"])).toBe(true);
    expect(Object.keys((copy["a"] as unknown[])[1] as object)).toEqual(["b"]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(withoutPrototypeKeys(5)).toBe(5);
    expect(withoutPrototypeKeys(null)).toBe(null);
  });
});
