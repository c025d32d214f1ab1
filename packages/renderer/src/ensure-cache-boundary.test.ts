import { describe, expect, it } from "vitest";
import { ensureCacheBoundary } from "./ensure-cache-boundary.js";
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
