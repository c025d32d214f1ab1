import { NEUTRAL_PRODUCT_PROFILE, OPENCLAW_PRODUCT_PROFILE } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { resolveProductProfile } from "./resolve-product-profile.js";

describe("resolveProductProfile", () => {
  it("gives the reference profile when the config sets no profile", () => {
    expect(resolveProductProfile(undefined)).toBe(OPENCLAW_PRODUCT_PROFILE);
  });

  it("gives the named built-in profile", () => {
    expect(resolveProductProfile("neutral")).toBe(NEUTRAL_PRODUCT_PROFILE);
    expect(resolveProductProfile("openclaw")).toBe(OPENCLAW_PRODUCT_PROFILE);
  });
});
