import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

describe("reasoning, whole", () => {
  it("states the visibility, the toggle and where effort is set", () => {
    expect(renderSectionText({ volatile: { reasoning: "stream" } }, "reasoning")).toBe(
      [
        "## Reasoning",
        "Reasoning visibility: stream",
        "The user can toggle reasoning visibility with `/reasoning`.",
        "Reasoning effort is set through provider controls; `/status` shows the selected level.",
      ].join("\n"),
    );
  });

  it("in compact size, states the visibility only", () => {
    expect(
      renderSectionText({ volatile: { reasoning: "off" }, size: "compact" }, "reasoning"),
    ).toBe("Reasoning visibility: off");
  });

  it("is absent without a visibility", () => {
    expect(renderSectionText({ volatile: {} }, "reasoning")).toBeUndefined();
  });
});
