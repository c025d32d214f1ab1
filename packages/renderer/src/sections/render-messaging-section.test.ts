import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";
import { OPENCLAW_PRODUCT_PROFILE } from "../product-profile.js";
import type { ProductFeatures } from "@promptstack/core";
import type { PromptSize } from "../types.js";

const tools = (...names: string[]) => names.map((name) => ({ name }));

describe("messaging", () => {
  it("names the message tool's parameters and the private route only with `message`", () => {
    const text = renderSectionText({ tools: tools("message") }, "messaging") ?? "";
    expect(text).toContain("`action`");
    expect(text).toContain("`to` the recipient");
    expect(text).toContain("privately through `message`");
    expect(text).not.toContain("Without a `message` tool");
  });

  it("without `message`, says its absence is no permission to take another route", () => {
    const text = renderSectionText({ tools: tools("read") }, "messaging") ?? "";
    expect(text).toContain("Without a `message` tool, reply only here");
    expect(text).not.toContain("`action`");
    const compact = renderSectionText({ tools: tools("read"), size: "compact" }, "messaging");
    expect(compact).toContain("No `message` tool: reply only here; no other route.");
  });
});

describe("messaging, whole", () => {
  const render = (size: PromptSize, names: readonly string[], features: ProductFeatures) =>
    renderSectionText(
      {
        size,
        profile: { ...OPENCLAW_PRODUCT_PROFILE, features },
        tools: names.map((name) => ({ name })),
      },
      "messaging",
    );
  const ROUTING = [
    "Replies and actions on connected channels go through OpenClaw routing, never shell or HTTP workarounds.",
    "User-authorized CLI or API actions for other services, such as sending mail, remain allowed under normal permissions and approvals.",
  ];
  const MESSAGE = [
    "Use `message` to send to a channel outside the current reply: `action` picks what it does (`send`, a reaction, an edit), `to` the recipient, `text` and `media` the content.",
    "Set its `channel` only when sending somewhere other than the chat this turn came from.",
    "One-person answers go to that person privately through `message`, not into a shared chat's reply.",
  ];
  const NO_REPLY =
    "When you already delivered the answer into the current chat with `message` (`send`), end the turn with exactly `NO_REPLY` and nothing else, so it does not arrive twice.";
  const COMPACT_ROUTING =
    "Reply through OpenClaw routing, never shell or HTTP; user-authorized CLI or API actions elsewhere are fine.";
  const COMPACT_MESSAGE =
    "`message` (`action`, `to`, `text`, `media`): sends beyond this reply; `channel` only for other chats; one-person answers go privately.";
  const both = { channelRouting: true, replyDirectives: true };

  it("in full size, per tool and declared feature", () => {
    expect(render("full", ["message"], both)).toBe(
      ["## Messaging", ...ROUTING, ...MESSAGE, NO_REPLY].join("\n"),
    );
    expect(render("full", ["message"], { replyDirectives: true })).toBe(
      ["## Messaging", ...MESSAGE, NO_REPLY].join("\n"),
    );
    expect(render("full", ["message"], {})).toBe(["## Messaging", ...MESSAGE].join("\n"));
    expect(render("full", ["read"], both)).toBe(
      [
        "## Messaging",
        ...ROUTING,
        "Without a `message` tool, reply only here: its absence is not permission to take another route.",
      ].join("\n"),
    );
    expect(render("full", ["read"], { replyDirectives: true })).toBeUndefined();
  });

  it("in compact size, per tool and declared feature", () => {
    expect(render("compact", ["message"], both)).toBe(
      [
        COMPACT_ROUTING,
        COMPACT_MESSAGE,
        "After `message` `send` here, reply only `NO_REPLY`.",
      ].join("\n"),
    );
    expect(render("compact", ["message"], {})).toBe(COMPACT_MESSAGE);
    expect(render("compact", ["read"], both)).toBe(
      [COMPACT_ROUTING, "No `message` tool: reply only here; no other route."].join("\n"),
    );
    expect(render("compact", ["read"], { replyDirectives: true })).toBeUndefined();
  });
});
