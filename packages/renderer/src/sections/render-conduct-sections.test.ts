import { describe, expect, it } from "vitest";
import { OPENCLAW_PRODUCT_PROFILE } from "../product-profile.js";
import { renderSectionText } from "../../test/render-section-text.js";

describe("care", () => {
  it("routes setup to the terminal when no control tool exists", () => {
    const text = renderSectionText({}, "care");
    expect(text).toContain("`openclaw channels add <channel>`");
    expect(text).toContain("`openclaw configure`");
  });

  it("uses the profile's CLI name", () => {
    const profile = { ...OPENCLAW_PRODUCT_PROFILE, cliName: "acme" };
    expect(renderSectionText({ profile }, "care")).toContain("`acme configure`");
  });

  it("drops the terminal route with a gateway tool or the CLI-named tool", () => {
    for (const name of ["gateway", "openclaw"]) {
      expect(renderSectionText({ tools: [{ name }] }, "care")).not.toContain("configure`");
    }
  });
});

describe("provider overrides of core sections", () => {
  it("replaces execution bias and tool call style bodies", () => {
    const input = {
      tools: [{ name: "exec" }],
      provider: {
        sectionOverrides: { execution_bias: "Be bold.", tool_call_style: "Narrate all." },
      },
    };
    expect(renderSectionText(input, "execution_bias")).toBe("## Execution Bias\nBe bold.");
    expect(renderSectionText(input, "tool_call_style")).toBe("## Tool Call Style\nNarrate all.");
  });
});

describe("tool call style", () => {
  it("renders only when the run has a tool", () => {
    expect(renderSectionText({}, "tool_call_style")).toBeUndefined();
    expect(renderSectionText({ tools: [{ name: "read" }] }, "tool_call_style")).toBe(
      [
        "## Tool Call Style",
        "Make routine, low-risk tool calls without narrating them.",
        "Narrate in one short line when a step is multi-part, sensitive or destructive.",
        "Also narrate when the user asked to follow along.",
        "When a tool can do the step, call it; do not ask the user to run the equivalent command.",
      ].join("\n"),
    );
  });
});
