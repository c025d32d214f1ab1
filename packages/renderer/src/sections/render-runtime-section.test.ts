import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

const TAIL_BEGIN = "<!-- OPENCLAW_RUNTIME_TAIL_BEGIN -->";
const TAIL_END = "<!-- OPENCLAW_RUNTIME_TAIL_END -->";

describe("runtime, whole", () => {
  it("joins the trimmed facts on one line, then the trimmed co-author trailer, inside the tail markers", () => {
    const runtime = {
      host: " box ",
      os: "linux",
      coAuthorTrailer: "  Co-authored-by: Ada <ada@example.com>  ",
    };
    expect(renderSectionText({ volatile: { runtime } }, "runtime")).toBe(
      [
        TAIL_BEGIN,
        "## Runtime",
        "Runtime: host=box | os=linux",
        "Git co-author trailer for commits: Co-authored-by: Ada <ada@example.com>",
        TAIL_END,
      ].join("\n"),
    );
  });

  it("is absent when every fact is blank, and so is a replacement of its text", () => {
    const volatile = { runtime: { host: " ", coAuthorTrailer: "" } };
    expect(renderSectionText({ volatile }, "runtime")).toBeUndefined();
    expect(
      renderSectionText({ volatile, sections: { replace: { runtime: "Host facts." } } }, "runtime"),
    ).toBeUndefined();
  });
});
