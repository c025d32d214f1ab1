import { describe, expect, it } from "vitest";
import { isKnownTimeZone, toCanonicalTimeZone } from "./is-known-time-zone.js";

function acceptedByDateTimeFormat(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

describe("isKnownTimeZone", () => {
  it("accepts and rejects exactly what Intl.DateTimeFormat does, canonical names or not", () => {
    const values = [
      "Europe/Stockholm",
      "America/Argentina/Buenos_Aires",
      "UTC",
      "Etc/UTC",
      "GMT",
      "US/Pacific",
      "Asia/Calcutta",
      "europe/stockholm",
      "+01:00",
      "Mars/Olympus_Mons",
      "Europe/",
      "",
      " UTC",
    ];
    for (const value of values) {
      expect(isKnownTimeZone(value), value).toBe(acceptedByDateTimeFormat(value));
    }
    expect(isKnownTimeZone("Europe/Stockholm")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});

describe("toCanonicalTimeZone (issue 36)", () => {
  it("spells a known zone canonically and returns an unknown one as given", () => {
    expect(toCanonicalTimeZone("Etc/UTC")).toBe(toCanonicalTimeZone("UTC"));
    expect(toCanonicalTimeZone("Mars/Olympus_Mons")).toBe("Mars/Olympus_Mons");
  });
});
