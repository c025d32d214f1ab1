import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";
import { OPENCLAW_PRODUCT_PROFILE } from "../product-profile.js";

const FENCED = { ...OPENCLAW_PRODUCT_PROFILE, fenceContextFiles: true };

// A file whose content is only blank lines, and one with blank lines around its text; both
// paths carry spaces around them.
const CONTEXT_FILES = [
  { path: "EMPTY.md  ", content: "\n \n" },
  { path: " AGENTS.md ", content: "\n\nRules.\n\n" },
];

describe("workspace_files", () => {
  it("in full size: lead-in, file roles, truncation notice, then one `## <path>` block per file", () => {
    expect(
      renderSectionText(
        { contextFiles: CONTEXT_FILES, bootstrapTruncated: true },
        "workspace_files",
      ),
    ).toBe(
      [
        "## Workspace Files (injected)",
        "The workspace's bootstrap files are injected below under Project Context.",
        "Where present: AGENTS.md holds the workspace's rules; SOUL.md is the persona to follow; IDENTITY.md says who you are; USER.md holds the user's preferences; MEMORY.md holds durable facts.",
        "Tool notes in AGENTS.md never make a tool available; only tool definitions do.",
        "Some of them were truncated to fit the prompt budget.",
        "Read an affected file directly when you need all of it.",
        "",
        "## Project Context",
        "",
        "## EMPTY.md",
        "",
        "## AGENTS.md",
        "Rules.",
      ].join("\n"),
    );
  });

  it("in compact size with fenced files: short roles, short notices, one <file> tag per file", () => {
    expect(
      renderSectionText(
        { size: "compact", profile: FENCED, contextFiles: CONTEXT_FILES, bootstrapTruncated: true },
        "workspace_files",
      ),
    ).toBe(
      [
        "## Workspace Files (injected)",
        "Project Context: follow AGENTS.md; embody SOUL.md's persona. Tool notes never grant tools.",
        "Some were truncated: read a file directly for all of it.",
        "Headings inside a <file> tag belong to that file.",
        "",
        "## Project Context",
        "",
        '<file path="EMPTY.md">',
        "</file>",
        "",
        '<file path="AGENTS.md">',
        "Rules.",
        "</file>",
      ].join("\n"),
    );
  });
});

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
