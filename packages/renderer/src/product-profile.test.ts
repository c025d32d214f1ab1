import { describe, expect, it } from "vitest";
import {
  formatInternalContextDelimiters,
  NEUTRAL_PRODUCT_PROFILE,
  OPENCLAW_PRODUCT_PROFILE,
} from "./product-profile.js";

describe("formatInternalContextDelimiters", () => {
  it("spells the OpenClaw delimiters when no profile is given", () => {
    expect(formatInternalContextDelimiters()).toEqual({
      begin: "<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>",
      end: "<<<END_OPENCLAW_INTERNAL_CONTEXT>>>",
    });
    expect(formatInternalContextDelimiters(OPENCLAW_PRODUCT_PROFILE)).toEqual(
      formatInternalContextDelimiters(),
    );
  });

  it("spells a profile's own delimiter word", () => {
    expect(formatInternalContextDelimiters(NEUTRAL_PRODUCT_PROFILE)).toEqual({
      begin: "<<<BEGIN_AGENT_INTERNAL_CONTEXT>>>",
      end: "<<<END_AGENT_INTERNAL_CONTEXT>>>",
    });
  });
});
