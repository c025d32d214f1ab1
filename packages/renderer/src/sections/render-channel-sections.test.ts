import { describe, expect, it } from "vitest";
import type { ChannelFacts } from "../types.js";
import { renderSectionText } from "../../test/render-section-text.js";

const withChannel = (facts: Partial<ChannelFacts> | undefined) =>
  facts === undefined
    ? {}
    : { volatile: { channel: { id: "discord", chatType: "group" as const, ...facts } } };

describe("silent replies (SPEC §2.5)", () => {
  const cases: readonly [string, Partial<ChannelFacts> | undefined, boolean][] = [
    ["no channel context: generic guidance", undefined, true],
    [
      "direct chat, even with silence allowed",
      { chatType: "direct", allowGroupSilence: true },
      false,
    ],
    ["message-tool-only group", { messageToolOnly: true, allowGroupSilence: true }, false],
    ["group without explicit silence", { autoReply: true }, false],
    ["group auto-reply with silence allowed", { autoReply: true, allowGroupSilence: true }, true],
    ["channel chat with silence allowed", { chatType: "channel", allowGroupSilence: true }, true],
  ];
  for (const [name, facts, expected] of cases) {
    it(name, () => {
      const text = renderSectionText(withChannel(facts), "silent_replies");
      expect(text !== undefined).toBe(expected);
      if (expected) expect(text).toContain("`NO_REPLY`");
    });
  }

  it("is omitted in minimal mode", () => {
    expect(renderSectionText({ mode: "minimal" }, "silent_replies")).toBeUndefined();
  });
});

describe("control_ui_embed", () => {
  it("in full size: the conversation is embedded, so pages are named, not linked", () => {
    expect(renderSectionText(withChannel({ controlUiEmbed: true }), "control_ui_embed")).toBe(
      [
        "## Control UI",
        "This conversation is embedded in the Control UI.",
        "Refer to Control UI pages by name; the user is already inside it.",
      ].join("\n"),
    );
  });

  it("in compact size: the same rule on one line", () => {
    expect(
      renderSectionText(
        { size: "compact", ...withChannel({ controlUiEmbed: true }) },
        "control_ui_embed",
      ),
    ).toBe(
      "## Control UI\nEmbedded in the Control UI: name its pages; the user is already inside it.",
    );
  });
});

describe("channel messaging", () => {
  it("states the native-approvals rule only on channels with native approvals", () => {
    const on = renderSectionText(withChannel({ nativeApprovals: true }), "channel_messaging");
    expect(on).toContain("native approval cards");
    expect(on).toContain("`/approve`");
    const off = renderSectionText(withChannel({}), "channel_messaging");
    expect(off).not.toContain("/approve");
  });

  it("names channel, chat label and sender", () => {
    const text = renderSectionText(
      {
        volatile: {
          channel: { id: "telegram", chatType: "direct", chatLabel: "Ada" },
          sender: "Ada L",
        },
      },
      "channel_messaging",
    );
    expect(text).toBe(
      "## Current Channel\nChannel: telegram (direct chat)\nChat: Ada\nSender: Ada L",
    );
  });

  it("says only the message tool delivers replies in message-tool-only chats", () => {
    expect(
      renderSectionText(withChannel({ messageToolOnly: true }), "channel_messaging"),
    ).toContain("Only the `message` tool");
  });
});

describe("reactions", () => {
  it("differs between minimal and extensive guidance", () => {
    const minimal = renderSectionText(withChannel({ reactions: "minimal" }), "reactions");
    const extensive = renderSectionText(withChannel({ reactions: "extensive" }), "reactions");
    expect(minimal).toContain("sparingly");
    expect(extensive).toContain("freely");
  });
});

describe("UI presentation (SPEC §2.6)", () => {
  it("renders with presentation tools and keeps token URLs private", () => {
    const text = renderSectionText(
      { volatile: { presentationTools: ["canvas"] } },
      "ui_presentation",
    );
    expect(text).toContain("Control UI");
    expect(text).toContain("tokens private");
  });

  it("is omitted in minimal mode even with presentation tools", () => {
    expect(
      renderSectionText(
        { mode: "minimal", volatile: { presentationTools: ["canvas"] } },
        "ui_presentation",
      ),
    ).toBeUndefined();
  });
});
