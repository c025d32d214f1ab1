import { describe, expect, it } from "vitest";
import { formatCanonicalJson, toCanonicalJsonValue } from "./format-canonical-json.js";
import { invalidArgument as invalid, thrownBy } from "../test/expected-errors.js";
import { ProvidersError } from "./providers-error.js";

describe("formatCanonicalJson and toCanonicalJsonValue", () => {
  it("sort the keys at every depth", () => {
    expect(formatCanonicalJson({ b: [{ d: 1, c: null }], a: "x" })).toBe(
      '{"a":"x","b":[{"c":null,"d":1}]}',
    );
    expect(toCanonicalJsonValue({ b: 1, a: { d: 2, c: 3 } }, "value")).toStrictEqual({
      a: { c: 3, d: 2 },
      b: 1,
    });
  });

  it("throw PROVIDERS_INVALID_ARGUMENT naming the place of a value JSON cannot carry", () => {
    const error = thrownBy(() => formatCanonicalJson({ a: [1, Number.NaN] }));
    expect(ProvidersError.isInstance(error)).toBe(true);
    expect(error).toMatchObject(
      invalid("toCanonicalJsonValue", "value.a[1]", "a finite number", "a number"),
    );
    expect(thrownBy(() => toCanonicalJsonValue({ f: () => 1 }, "tools[0]"))).toMatchObject(
      invalid("toCanonicalJsonValue", "tools[0].f", "a JSON value", "a function"),
    );
  });
});
