import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

const LEAD =
  "The workspace files, skills and settings in the system prompt are the copies this session started with. These changed since:";
const REREAD =
  "Read a changed file (or skill) again before relying on its old copy in the system prompt.";

describe("workspace_changes", () => {
  it("frames the non-blank change lines, each with its trailing blanks cut", () => {
    const volatile = { workspaceChanges: ["- a changed.  ", " ", "- b removed."] };
    const lines = [LEAD, "- a changed.", "- b removed.", REREAD];
    expect(renderSectionText({ volatile }, "workspace_changes")).toBe(
      ["## Workspace Changes", ...lines].join("\n"),
    );
    expect(renderSectionText({ size: "compact", volatile }, "workspace_changes")).toBe(
      lines.join("\n"),
    );
  });

  it("is absent when every change line is blank, and so is a replacement of its text", () => {
    const volatile = { workspaceChanges: [" ", ""] };
    expect(renderSectionText({ volatile }, "workspace_changes")).toBeUndefined();
    expect(
      renderSectionText(
        { volatile, sections: { replace: { workspace_changes: "Changed." } } },
        "workspace_changes",
      ),
    ).toBeUndefined();
  });
});
