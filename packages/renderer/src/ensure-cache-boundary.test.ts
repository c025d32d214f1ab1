import { describe, expect, it } from "vitest";
import { ensureCacheBoundary } from "./ensure-cache-boundary.js";
import { insertAfterCacheBoundary } from "./insert-after-cache-boundary.js";
import { stripCacheBoundary } from "./strip-cache-boundary.js";

const M = "\n<!-- OPENCLAW_CACHE_BOUNDARY -->\n";

describe("ensureCacheBoundary", () => {
  it("appends a marker when missing", () => {
    expect(ensureCacheBoundary("a\n")).toBe(`a\n${M}`);
  });

  it("leaves a single marker alone", () => {
    expect(ensureCacheBoundary(`a${M}b`)).toBe(`a${M}b`);
  });

  it("keeps only the first of several markers", () => {
    expect(ensureCacheBoundary(`a${M}b${M}c${M}`)).toBe(`a${M}bc`);
  });
});

describe("stripCacheBoundary", () => {
  it("removes every marker", () => {
    expect(stripCacheBoundary(`a${M}b${M}c`)).toBe("abc");
    expect(stripCacheBoundary("plain")).toBe("plain");
  });
});

describe("insertAfterCacheBoundary", () => {
  it("inserts right after the marker, on its own line", () => {
    expect(insertAfterCacheBoundary(`a${M}b`, "X")).toBe(`a${M}X\nb`);
    expect(insertAfterCacheBoundary(`a${M}\nb`, "X")).toBe(`a${M}X\nb`);
  });

  it("adds the marker first when missing", () => {
    expect(insertAfterCacheBoundary("a", "X")).toBe(`a${M}X`);
  });
});
