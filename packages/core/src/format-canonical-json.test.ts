import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCanonicalJson, toCanonicalJsonValue } from "./format-canonical-json.js";

describe("formatCanonicalJson", () => {
  it("sorts keys at every depth and leaves out undefined members", () => {
    const value = { b: { d: 1, c: [{ z: 1, y: 2 }] }, a: "x", skipped: undefined };
    expect(formatCanonicalJson(value)).toBe('{"a":"x","b":{"c":[{"y":2,"z":1}],"d":1}}');
  });

  it("indents and ends in a newline with indent (the snapshots' bytes)", () => {
    expect(formatCanonicalJson({ b: [1], a: null }, { indent: 2 })).toBe(
      '{\n  "a": null,\n  "b": [\n    1\n  ]\n}\n',
    );
  });

  it("gives equal bytes for equal values, whatever the key order", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(formatCanonicalJson(reversed)).toBe(formatCanonicalJson(record));
        expect(JSON.parse(formatCanonicalJson(record))).toEqual(JSON.parse(JSON.stringify(record)));
      }),
    );
  });

  it("keeps a __proto__ key as a key", () => {
    const value = JSON.parse('{"__proto__":{"x":1},"a":2}') as unknown;
    expect(formatCanonicalJson(value)).toBe('{"__proto__":{"x":1},"a":2}');
  });

  it("throws a TypeError naming the path of a value JSON cannot carry, or what onInvalid throws", () => {
    expect(() => formatCanonicalJson({ a: [1, Number.NaN] })).toThrow(
      new TypeError("value.a[1] must be a finite number, got a number."),
    );
    expect(() => toCanonicalJsonValue({ f: () => 1 }, "tools")).toThrow(
      "tools.f must be a JSON value, got a function.",
    );
    const onInvalid = (path: string): never => {
      throw new RangeError(`bad ${path}`);
    };
    expect(() => formatCanonicalJson([undefined], { onInvalid })).toThrow(
      new RangeError("bad value[0]"),
    );
  });

  it("names what it found: nothing for undefined, else the type", () => {
    expect(() => toCanonicalJsonValue([undefined])).toThrow(
      new TypeError("value[0] must be a JSON value, got nothing."),
    );
    expect(() => toCanonicalJsonValue({ id: 1n })).toThrow(
      new TypeError("value.id must be a JSON value, got a bigint."),
    );
    expect(() => toCanonicalJsonValue(Symbol("s"))).toThrow(
      new TypeError("value must be a JSON value, got a symbol."),
    );
  });

  it("returns plain, editable objects (a caller may change the copy)", () => {
    const copy = toCanonicalJsonValue({ a: 1 }) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(copy, "a")).toEqual({
      value: 1,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
});
