import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatIsoTimestamp, parseIsoTimestamp } from "./parse-iso-timestamp.js";

describe("parseIsoTimestamp", () => {
  it.each([
    ["2026-12-01T21:05:00Z", Date.UTC(2026, 11, 1, 21, 5)],
    ["2026-12-01T21:05Z", Date.UTC(2026, 11, 1, 21, 5)],
    ["2026-12-01T22:05:00.250+01:00", Date.UTC(2026, 11, 1, 21, 5, 0, 250)],
    ["2026-12-01T16:05:00-0500", Date.UTC(2026, 11, 1, 21, 5)],
    ["2024-02-29T00:00:00Z", Date.UTC(2024, 1, 29)],
  ])("%s", (text, millis) => {
    expect(parseIsoTimestamp(text)).toBe(millis);
  });

  it.each([
    "2026-02-29T00:00:00Z",
    "2026-04-31T00:00:00Z",
    "2026-13-01T00:00:00Z",
    "2026-12-01T24:00:00Z",
    "2026-12-01T23:60:00Z",
    "2026-12-01T23:59:60Z",
    "2026-12-01T21:05:00",
    "2026-12-01",
    "1733087100000",
    "2026-12-01T21:05:00+25:00",
  ])("%s is not a time that exists", (text) => {
    expect(parseIsoTimestamp(text)).toBeUndefined();
  });

  it("agrees with Date on every millisecond from 1600 to 2400, both ways", () => {
    fc.assert(
      fc.property(fc.integer({ min: -11_676_096_000_000, max: 13_569_465_599_999 }), (millis) => {
        const text = new Date(millis).toISOString();
        expect(formatIsoTimestamp(millis)).toBe(text);
        expect(parseIsoTimestamp(text)).toBe(millis);
      }),
      { numRuns: 2000 },
    );
  });
});
