import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

describe("workspace, whole", () => {
  it("names the trimmed working directory and how relative paths resolve", () => {
    expect(renderSectionText({ workspaceDir: "  /srv/agent  " }, "workspace")).toBe(
      [
        "## Workspace",
        "Working directory: /srv/agent",
        "Resolve relative file paths against it unless told otherwise.",
      ].join("\n"),
    );
  });

  it("in compact size, names the trimmed directory only", () => {
    expect(
      renderSectionText({ workspaceDir: "  /srv/agent  ", size: "compact" }, "workspace"),
    ).toBe("Working directory: /srv/agent");
  });

  it("is absent for a blank directory", () => {
    expect(renderSectionText({ workspaceDir: "   " }, "workspace")).toBeUndefined();
  });
});
