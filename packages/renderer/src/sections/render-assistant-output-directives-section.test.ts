import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";
import { NEUTRAL_PRODUCT_PROFILE } from "../product-profile.js";

describe("assistant_output_directives", () => {
  it("in full size: one line per directive, then where directives must stand", () => {
    expect(renderSectionText({}, "assistant_output_directives")).toBe(
      [
        "## Assistant Output Directives",
        "Attach a file or image with a line `MEDIA:<path-or-url>`.",
        "Add `[[audio_as_voice]]` to send attached audio as a voice note.",
        "Reply to the current message with `[[reply_to_current]]`, or to another with `[[reply_to:<id>]]`.",
        "Put each directive on its own line, outside code fences; inside a fence it is shown as plain text.",
      ].join("\n"),
    );
  });

  it("in compact size: every directive on one line, without a heading", () => {
    expect(renderSectionText({ size: "compact" }, "assistant_output_directives")).toBe(
      "`MEDIA:<path-or-url>` attaches; `[[audio_as_voice]]` voice note; `[[reply_to_current]]`, `[[reply_to:<id>]]` reply; each on its own line, outside code fences.",
    );
  });

  it("is absent for a profile whose gateway parses no reply directives", () => {
    expect(
      renderSectionText({ profile: NEUTRAL_PRODUCT_PROFILE }, "assistant_output_directives"),
    ).toBeUndefined();
  });
});
