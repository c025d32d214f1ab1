import { describe, expect, it } from "vitest";
import { formatCacheBoundaryMarker } from "./format-cache-boundary-marker.js";
import { OPENCLAW_PRODUCT_PROFILE } from "./product-profile.js";
import { splitCacheBoundary } from "./split-cache-boundary.js";

const MARKER = "\n<!-- OPENCLAW_CACHE_BOUNDARY -->\n";

describe("splitCacheBoundary", () => {
  it("uses the exact default marker", () => {
    expect(formatCacheBoundaryMarker()).toBe(MARKER);
    expect(formatCacheBoundaryMarker({ ...OPENCLAW_PRODUCT_PROFILE, delimiterWord: "ACME" })).toBe(
      "\n<!-- ACME_CACHE_BOUNDARY -->\n",
    );
  });

  it("splits around the first marker", () => {
    expect(splitCacheBoundary(`a${MARKER}b`)).toEqual({ stablePrefix: "a", dynamicSuffix: "b" });
  });

  it("treats a text without marker as all stable", () => {
    expect(splitCacheBoundary("abc")).toEqual({ stablePrefix: "abc", dynamicSuffix: "" });
  });

  it("reads the profile's marker only", () => {
    const acme = { ...OPENCLAW_PRODUCT_PROFILE, delimiterWord: "ACME" };
    expect(splitCacheBoundary(`a${MARKER}b`, acme).dynamicSuffix).toBe("");
  });
});
