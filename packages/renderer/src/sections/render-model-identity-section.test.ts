import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

describe("model_identity", () => {
  it("names the trimmed model, in either size", () => {
    const volatile = { runtime: { model: " gpt-test " } };
    expect(renderSectionText({ volatile }, "model_identity")).toBe(
      "## Model Identity\nAsked which model you are, answer `gpt-test`; do not guess from your training data.",
    );
    expect(renderSectionText({ size: "compact", volatile }, "model_identity")).toBe(
      "Model: `gpt-test`; never guess.",
    );
  });

  it("is absent without a model", () => {
    expect(renderSectionText({ volatile: { runtime: {} } }, "model_identity")).toBeUndefined();
  });
});
