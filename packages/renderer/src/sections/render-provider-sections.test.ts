import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

describe("provider sections, whole", () => {
  const provider = {
    stablePrefix: "  Prefix.  ",
    dynamicSuffix: "  Suffix.  ",
    sectionOverrides: { interaction_style: "  Be brief.  ", tool_call_style: "  Quiet.  " },
  };

  it("render the provider's prefix and suffix trimmed, without a heading", () => {
    expect(renderSectionText({ provider }, "provider_stable_prefix")).toBe("Prefix.");
    expect(renderSectionText({ provider }, "provider_dynamic_suffix")).toBe("Suffix.");
  });

  it("render an override trimmed, both for interaction style and for a core section", () => {
    expect(renderSectionText({ provider }, "interaction_style")).toBe(
      "## Interaction Style\nBe brief.",
    );
    expect(renderSectionText({ provider }, "tool_call_style")).toBe("## Tool Call Style\nQuiet.");
  });
});
