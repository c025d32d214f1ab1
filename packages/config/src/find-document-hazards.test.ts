import { describe, expect, it } from "vitest";
import { MAX_DOCUMENT_DEPTH, findDocumentHazards } from "./find-document-hazards.js";
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
