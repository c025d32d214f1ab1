import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

describe("project memory, whole", () => {
  it("lists each non-blank fact trimmed, in order", () => {
    const projectMemoryFacts = ["  Deploys go through CI.  ", " ", "Staging is eu-west-1."];
    expect(renderSectionText({ volatile: { projectMemoryFacts } }, "project_memory")).toBe(
      ["## Project Memory", "- Deploys go through CI.", "- Staging is eu-west-1."].join("\n"),
    );
  });

  it("is absent when every fact is blank, and so is a replacement of its text", () => {
    const volatile = { projectMemoryFacts: [" ", ""] };
    expect(renderSectionText({ volatile }, "project_memory")).toBeUndefined();
    expect(
      renderSectionText(
        { volatile, sections: { replace: { project_memory: "Facts." } } },
        "project_memory",
      ),
    ).toBeUndefined();
  });
});
