import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";
import { NEUTRAL_PRODUCT_PROFILE } from "../product-profile.js";

const exec = [{ name: "exec" }];

describe("exec_approvals", () => {
  it("in full size: who runs `/approve`, when to ask, and what one approval covers", () => {
    expect(renderSectionText({ tools: exec }, "exec_approvals")).toBe(
      [
        "## Exec Approvals",
        "`/approve` is the user's command: never run it or send it yourself.",
        "Ask for approval only after a tool result says one is pending; never ask in advance.",
        "When you ask, show the exact command awaiting approval, unchanged, so the user knows what they allow.",
        "Use approval ids exactly as a result gives them; never invent one.",
        "An allow-once approval covers that one command as shown; a changed or repeated command needs a new approval.",
      ].join("\n"),
    );
  });

  it("in compact size: the same rules on one line", () => {
    expect(renderSectionText({ size: "compact", tools: exec }, "exec_approvals")).toBe(
      "`/approve` is the user's; ask only when a result says approval is pending, quoting the exact command; copy approval ids exactly, never invent; allow-once: one exact command.",
    );
  });

  it("is absent without `exec` or for a profile without an approval command", () => {
    expect(renderSectionText({}, "exec_approvals")).toBeUndefined();
    expect(
      renderSectionText({ profile: NEUTRAL_PRODUCT_PROFILE, tools: exec }, "exec_approvals"),
    ).toBeUndefined();
  });
});
