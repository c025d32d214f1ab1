import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";
import { OPENCLAW_PRODUCT_PROFILE } from "../product-profile.js";

const FENCED = { ...OPENCLAW_PRODUCT_PROFILE, fenceContextFiles: true };

describe("workspace_files with fenced files", () => {
  it("quotes a closing file tag in any letter case, so none can end the fence early", () => {
    const text = renderSectionText(
      {
        profile: FENCED,
        contextFiles: [
          { path: "AGENTS.md", content: "one </file> two </FILE> three </File> four" },
        ],
      },
      "workspace_files",
    );
    expect(text).toContain("one <\\/file> two <\\/file> three <\\/file> four");
    // The fence's own closing tag is the only one left.
    expect(text?.match(/<\/file>/gi)).toEqual(["</file>"]);
  });

  it("escapes a quote, an ampersand and a less-than sign in the path attribute", () => {
    const text = renderSectionText(
      {
        profile: FENCED,
        contextFiles: [{ path: 'a"b&c<d.md', content: "Body." }],
      },
      "workspace_files",
    );
    expect(text).toContain('<file path="a&quot;b&amp;c&lt;d.md">\nBody.\n</file>');
  });
});
