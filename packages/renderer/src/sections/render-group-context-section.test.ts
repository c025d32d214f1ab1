import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

describe("group context, whole", () => {
  it("is the caller's text, trimmed, with its inner lines kept", () => {
    const groupContext = "\n  You are in #ops.\n  Keep answers short.  \n";
    expect(renderSectionText({ volatile: { groupContext } }, "group_context")).toBe(
      ["## Group Chat Context", "You are in #ops.", "  Keep answers short."].join("\n"),
    );
  });

  it("is absent for blank text", () => {
    expect(renderSectionText({ volatile: { groupContext: " \n" } }, "group_context")).toBe(
      undefined,
    );
  });
});
