import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

describe("reasoning_format", () => {
  it("in full size: reasoning in <think>, the reply in <final>, nothing outside shown", () => {
    expect(renderSectionText({ reasoningTagHint: true }, "reasoning_format")).toBe(
      [
        "## Reasoning Format",
        "Put all internal reasoning inside `<think>...</think>`.",
        "Put the reply the user sees inside `<final>...</final>`.",
        "Text outside these tags is not shown.",
      ].join("\n"),
    );
  });

  it("in compact size: the same on one line", () => {
    expect(renderSectionText({ size: "compact", reasoningTagHint: true }, "reasoning_format")).toBe(
      "Reasoning inside `<think>...</think>`, the visible reply inside `<final>...</final>`; text outside is not shown.",
    );
  });

  it("is absent unless reasoningTagHint is true", () => {
    expect(renderSectionText({ reasoningTagHint: false }, "reasoning_format")).toBeUndefined();
  });
});
