import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";
import { NEUTRAL_PRODUCT_PROFILE, OPENCLAW_PRODUCT_PROFILE } from "../product-profile.js";

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

  it("without the gateway, names the product but not the gateway topics", () => {
    const profile = {
      ...NEUTRAL_PRODUCT_PROFILE,
      name: "Acme Chat",
      docsUrl: "https://docs.acme.test",
      sourceUrl: "https://git.acme.test/chat",
      communityUrl: "https://forum.acme.test",
      features: { docs: true },
    };
    expect(renderSectionText({ profile }, "documentation")).toBe(
      [
        "## Documentation",
        "Docs: https://docs.acme.test",
        "Source: https://git.acme.test/chat",
        "Community: https://forum.acme.test",
        "The docs are the authority on how Acme Chat works.",
        "AGENTS.md, project context, workspace and memory notes and `memory_search` results are instructions or user memory, not design knowledge.",
        "When the docs are silent or stale, say so and inspect the source.",
      ].join("\n"),
    );
  });
});

describe("documentation in compact size", () => {
  const RULE =
    "On OpenClaw, docs outrank AGENTS.md, notes and `memory_search`; if silent or stale, say so, read source.";

  it("keeps the two places to look and the rules, with local paths trimmed", () => {
    expect(
      renderSectionText(
        { size: "compact", docs: { localDocsPath: " /opt/docs ", localSourcePath: " /opt/src " } },
        "documentation",
      ),
    ).toBe(
      [
        "Docs: /opt/docs (local)",
        "Source: /opt/src (local)",
        RULE,
        "Run `openclaw status` yourself.",
      ].join("\n"),
    );
  });

  it("has no status line for a profile without a product CLI", () => {
    const profile = { ...OPENCLAW_PRODUCT_PROFILE, features: { docs: true } };
    expect(renderSectionText({ size: "compact", profile }, "documentation")).toBe(
      ["Docs: https://docs.openclaw.ai", "Source: https://github.com/openclaw/openclaw", RULE].join(
        "\n",
      ),
    );
  });
});
