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

describe("bootstrap_pending", () => {
  it("in full size: the workspace is new, and BOOTSTRAP.md is worked through, then deleted", () => {
    expect(renderSectionText({ bootstrapPending: true }, "bootstrap_pending")).toBe(
      [
        "## Bootstrap Pending",
        "This workspace is brand new and BOOTSTRAP.md is pending.",
        "Work through it with the user first, then delete it once it is done.",
      ].join("\n"),
    );
  });

  it("in compact size: the same rule on one line, without a heading", () => {
    expect(
      renderSectionText({ size: "compact", bootstrapPending: true }, "bootstrap_pending"),
    ).toBe(
      "BOOTSTRAP.md is pending (new workspace): work through it with the user, then delete it.",
    );
  });

  it("is absent unless bootstrapPending is true", () => {
    expect(renderSectionText({ bootstrapPending: false }, "bootstrap_pending")).toBeUndefined();
    expect(renderSectionText({}, "bootstrap_pending")).toBeUndefined();
  });
});
