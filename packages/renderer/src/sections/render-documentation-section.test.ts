import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

describe("documentation", () => {
  it("uses profile URLs without local paths", () => {
    const text = renderSectionText({}, "documentation");
    expect(text).toContain("Docs: https://docs.openclaw.ai");
    expect(text).toContain("Source: https://github.com/openclaw/openclaw");
  });

  it("prefers local docs and source paths", () => {
    const text = renderSectionText(
      { docs: { localDocsPath: "/repo/docs", localSourcePath: "/repo" } },
      "documentation",
    );
    expect(text).toContain("Docs: /repo/docs (local)");
    expect(text).toContain("Source: /repo (local)");
    expect(text).not.toContain("docs.openclaw.ai");
  });
});
