import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

describe("identity, whole", () => {
  it("is the caller's identity line, trimmed, in either size", () => {
    const identityLine = "  You are Molty, a lobster.  ";
    expect(renderSectionText({ identityLine }, "identity")).toBe("You are Molty, a lobster.");
    expect(renderSectionText({ identityLine, size: "compact" }, "identity")).toBe(
      "You are Molty, a lobster.",
    );
  });

  it("without one, is a default naming the product, shorter in compact size", () => {
    expect(renderSectionText({ identityLine: " " }, "identity")).toBe(
      "You are an AI agent that works for the people who reach you through OpenClaw.",
    );
    expect(renderSectionText({ size: "compact" }, "identity")).toBe(
      "You are an AI agent serving people through OpenClaw.",
    );
  });
});
