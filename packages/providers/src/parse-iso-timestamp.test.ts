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

describe("parseIsoTimestamp at every limit", () => {
  it.each([
    ["2026-01-31T23:59:59Z", Date.UTC(2026, 0, 31, 23, 59, 59)],
    ["2026-02-28T00:00:00Z", Date.UTC(2026, 1, 28)],
    ["2026-04-30T00:00:00Z", Date.UTC(2026, 3, 30)],
    ["2026-06-30T00:00:00Z", Date.UTC(2026, 5, 30)],
    ["2026-09-30T00:00:00Z", Date.UTC(2026, 8, 30)],
    ["2026-11-30T00:00:00Z", Date.UTC(2026, 10, 30)],
    ["2026-12-31T00:00:00Z", Date.UTC(2026, 11, 31)],
    ["2026-03-01T00:00:00Z", Date.UTC(2026, 2, 1)],
    ["2000-02-29T00:00:00Z", Date.UTC(2000, 1, 29)],
    ["2026-12-01t21:05z", Date.UTC(2026, 11, 1, 21, 5)],
    ["2026-12-01 21:05:00Z", Date.UTC(2026, 11, 1, 21, 5)],
    ["2026-12-01T21:05:00.5Z", Date.UTC(2026, 11, 1, 21, 5, 0, 500)],
    ["2026-12-01T21:05:00.123456789Z", Date.UTC(2026, 11, 1, 21, 5, 0, 123)],
    ["2026-12-01T21:05:00+23:59", Date.UTC(2026, 11, 1, 21, 5) - (23 * 60 + 59) * 60_000],
    ["2026-12-01T21:05:00-00:30", Date.UTC(2026, 11, 1, 21, 35)],
    ["2026-12-01T21:05:00+0000", Date.UTC(2026, 11, 1, 21, 5)],
    ["0001-01-01T00:00:00Z", Date.UTC(2001, 0, 1) - 730_485 * 86_400_000],
    ["9999-12-31T23:59:59.999Z", Date.UTC(9999, 11, 31, 23, 59, 59, 999)],
  ])("%s", (text, millis) => {
    expect(parseIsoTimestamp(text)).toBe(millis);
  });

  it.each([
    "1900-02-29T00:00:00Z",
    "2100-02-29T00:00:00Z",
    "2026-06-31T00:00:00Z",
    "2026-09-31T00:00:00Z",
    "2026-11-31T00:00:00Z",
    "2026-01-32T00:00:00Z",
    "2026-00-10T00:00:00Z",
    "2026-12-00T00:00:00Z",
    "2026-12-01T21:05:00+24:00",
    "2026-12-01T21:05:00+01:60",
    "2026-12-01T21:05:00.1234567890Z",
    "2026-12-01X21:05:00Z",
    " 2026-12-01T21:05:00Z",
    "2026-12-01T21:05:00Z ",
  ])("%s is refused", (text) => {
    expect(parseIsoTimestamp(text)).toBeUndefined();
  });
});

describe("formatIsoTimestamp", () => {
  it.each([
    [0, "1970-01-01T00:00:00.000Z"],
    [-1, "1969-12-31T23:59:59.999Z"],
    [Date.UTC(2000, 1, 29, 1, 2, 3, 4), "2000-02-29T01:02:03.004Z"],
    [Date.UTC(2024, 11, 31, 23, 59, 59, 999), "2024-12-31T23:59:59.999Z"],
    [Date.UTC(2001, 0, 1) - 730_485 * 86_400_000, "0001-01-01T00:00:00.000Z"],
  ])("%d is %s", (millis, text) => {
    expect(formatIsoTimestamp(millis)).toBe(text);
  });
});
