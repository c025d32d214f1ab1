import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatNumber } from "./format-number.js";

describe("formatNumber", () => {
  it("groups digits like en-US toLocaleString", () => {
    for (const value of [0, 7, 12, 999, 1000, 12345, 123456, 1234567, -1, -1000, -0, 1.5, 1e21]) {
      expect(formatNumber(value), String(value)).toBe(value.toLocaleString("en-US"));
    }
  });

  it("matches en-US toLocaleString for every safe integer", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (value) => {
        expect(formatNumber(value)).toBe(value.toLocaleString("en-US"));
      }),
    );
  });
});
