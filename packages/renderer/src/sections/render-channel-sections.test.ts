import { describe, expect, it } from "vitest";
import type { ChannelFacts } from "../types.js";
import { renderSectionText } from "../../test/render-section-text.js";
import { NEUTRAL_PRODUCT_PROFILE } from "../product-profile.js";

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

  it("in full size: the generic guidance and the group rule, each with the no-mixing rule", () => {
    expect(renderSectionText({}, "silent_replies")).toBe(
      [
        "## Silent Replies",
        "When nothing needs saying, reply with exactly `NO_REPLY` and nothing else.",
        "Never put `NO_REPLY` into a reply that has other content.",
      ].join("\n"),
    );
    expect(renderSectionText(withChannel({ allowGroupSilence: true }), "silent_replies")).toBe(
      [
        "## Silent Replies",
        "You may stay silent in this chat: reply with exactly `NO_REPLY` when a message does not need you.",
        "Never put `NO_REPLY` into a reply that has other content.",
      ].join("\n"),
    );
  });

  it("in compact size: the same two cases in short lines", () => {
    expect(renderSectionText({ size: "compact" }, "silent_replies")).toBe(
      [
        "## Silent Replies",
        "To stay silent, reply exactly `NO_REPLY`.",
        "Never mix `NO_REPLY` with other content.",
      ].join("\n"),
    );
    expect(
      renderSectionText(
        { size: "compact", ...withChannel({ allowGroupSilence: true }) },
        "silent_replies",
      ),
    ).toBe(
      [
        "You may stay silent here: reply exactly `NO_REPLY`.",
        "Never mix `NO_REPLY` with other content.",
      ].join("\n"),
    );
  });

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

  const EVERY_RULE = {
    volatile: {
      channel: {
        id: "slack",
        chatType: "channel" as const,
        chatLabel: "  #ops  ",
        autoReply: true,
        messageToolOnly: true,
        nativeApprovals: true,
      },
      sender: " Ada L ",
    },
  };

  it("in full size: trimmed facts, then the auto-reply, message-tool and approval rules", () => {
    expect(renderSectionText(EVERY_RULE, "channel_messaging")).toBe(
      [
        "## Current Channel",
        "Channel: slack (channel)",
        "Chat: #ops",
        "Sender: Ada L",
        "This is an automatic reply run, not a message addressed to you directly.",
        "Only the `message` tool delivers visible replies here; plain reply text is not sent.",
        "This channel shows native approval cards or buttons; rely on them first.",
        "Include a manual `/approve` command only when a tool result says chat approvals are unavailable or manual approval is the only path.",
      ].join("\n"),
    );
  });

  it("in compact size: the same facts, and each rule on one short line", () => {
    expect(renderSectionText({ size: "compact", ...EVERY_RULE }, "channel_messaging")).toBe(
      [
        "## Current Channel",
        "Channel: slack (channel)",
        "Chat: #ops",
        "Sender: Ada L",
        "Automatic reply run, not addressed to you directly.",
        "Only `message` delivers visible replies; plain reply text is not sent.",
        "Native approval buttons; manual `/approve` only if a result says chat approvals are unavailable or manual-only.",
      ].join("\n"),
    );
  });

  it("leaves the approval rule out for a profile without an approval command", () => {
    for (const size of ["full", "compact"] as const) {
      expect(
        renderSectionText(
          { size, profile: NEUTRAL_PRODUCT_PROFILE, ...withChannel({ nativeApprovals: true }) },
          "channel_messaging",
        ),
      ).toBe("## Current Channel\nChannel: discord (group chat)");
    }
  });

  it("is closed without a channel and a non-blank sender, even for a replacement text", () => {
    const replace = { sections: { replace: { channel_messaging: "Channel facts." } } };
    expect(renderSectionText({ ...replace, volatile: { sender: " " } }, "channel_messaging")).toBe(
      undefined,
    );
    expect(
      renderSectionText({ ...replace, volatile: { sender: "Ada" } }, "channel_messaging"),
    ).toBe("## Current Channel\nChannel facts.");
  });

  it("says only the message tool delivers replies in message-tool-only chats", () => {
    expect(
      renderSectionText(withChannel({ messageToolOnly: true }), "channel_messaging"),
    ).toContain("Only the `message` tool");
  });
});

describe("collapsible_details and voice", () => {
  it("in full size: what the channel renders or delivers, and when to use it", () => {
    expect(
      renderSectionText(withChannel({ collapsibleDetails: true }), "collapsible_details"),
    ).toBe(
      [
        "## Collapsible Details",
        "This channel renders `<details><summary>...</summary>...</details>` disclosures.",
        "Put optional depth (logs, long lists, derivations) inside them.",
        "Keep the main answer and any action the user must take outside them.",
      ].join("\n"),
    );
    expect(renderSectionText(withChannel({ voice: true }), "voice")).toBe(
      [
        "## Voice",
        "This channel can deliver voice notes.",
        "Send one when the user asks for audio or talks to you by voice.",
      ].join("\n"),
    );
  });

  it("in compact size: one line each", () => {
    expect(
      renderSectionText(
        { size: "compact", ...withChannel({ collapsibleDetails: true }) },
        "collapsible_details",
      ),
    ).toBe(
      "Put optional depth (logs, long lists) in `<details><summary>...</summary>...</details>`; keep the answer and required user actions outside.",
    );
    expect(renderSectionText({ size: "compact", ...withChannel({ voice: true }) }, "voice")).toBe(
      "Voice notes: when asked for audio or addressed by voice.",
    );
  });
});

describe("acp_hints", () => {
  it("lists each non-blank hint, trimmed, as a bullet", () => {
    expect(
      renderSectionText(
        withChannel({ acpHints: ["  Use threads.  ", " ", "Tag the bot."] }),
        "acp_hints",
      ),
    ).toBe("## Channel Hints\n- Use threads.\n- Tag the bot.");
  });

  it("is absent when every hint is blank, and so is a replacement of its text", () => {
    expect(renderSectionText(withChannel({ acpHints: [" ", ""] }), "acp_hints")).toBeUndefined();
    expect(
      renderSectionText(
        { ...withChannel({ acpHints: [" ", ""] }), sections: { replace: { acp_hints: "Hint." } } },
        "acp_hints",
      ),
    ).toBeUndefined();
  });
});

describe("reactions", () => {
  it("in full size: the level's guidance, then that a reaction never replaces an answer", () => {
    const never = "A reaction never replaces an answer the user needs.";
    expect(renderSectionText(withChannel({ reactions: "minimal" }), "reactions")).toBe(
      ["## Reactions", "React sparingly, only when a reaction says more than words.", never].join(
        "\n",
      ),
    );
    expect(renderSectionText(withChannel({ reactions: "extensive" }), "reactions")).toBe(
      ["## Reactions", "React freely to acknowledge, agree or show progress.", never].join("\n"),
    );
  });

  it("in compact size: one line per level", () => {
    const compact = (reactions: "minimal" | "extensive") =>
      renderSectionText({ size: "compact", ...withChannel({ reactions }) }, "reactions");
    expect(compact("minimal")).toBe("React sparingly, never instead of an answer.");
    expect(compact("extensive")).toBe("React freely, never instead of an answer.");
  });

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

  const WIDGET_LINES = [
    "Use a widget for a compact view inside the conversation; use a dashboard for a larger, lasting layout.",
    "A widget's returned presentation is authoritative; describe what was actually delivered.",
  ];
  const TAB_LINES = [
    "Treat a browser tab as the user's own page; do not assume one is open.",
    "Keep URLs that carry tokens private.",
    "Missing authoring support is a limit of this session, not of the platform.",
    "Verify the user actually got the interaction, or say that you could not verify it.",
  ];

  it("in full size: the tools, how to use them, the portal rule only with the Control UI", () => {
    expect(
      renderSectionText(
        { volatile: { presentationTools: ["canvas", "board"] } },
        "ui_presentation",
      ),
    ).toBe(
      [
        "## UI Presentation",
        "Presentation tools (`canvas`, `board`) can show the user interactive views; the tool descriptions hold the details.",
        ...WIDGET_LINES,
        "Open portals through the Control UI (Portals), never by sharing a bare public URL.",
        ...TAB_LINES,
      ].join("\n"),
    );
    expect(
      renderSectionText(
        { profile: NEUTRAL_PRODUCT_PROFILE, volatile: { presentationTools: ["canvas"] } },
        "ui_presentation",
      ),
    ).toBe(
      [
        "## UI Presentation",
        "Presentation tools (`canvas`) can show the user interactive views; the tool descriptions hold the details.",
        ...WIDGET_LINES,
        ...TAB_LINES,
      ].join("\n"),
    );
  });

  it("in compact size: the same rules in three lines, the portal rule second", () => {
    const FIRST =
      " (details in their descriptions): a widget for a compact in-chat view, a dashboard for a larger lasting layout; a widget's returned presentation is authoritative.";
    const REST = [
      "A browser tab is the user's own page; never assume one is open. Keep token-bearing URLs private. Missing authoring support is this session's limit, not the platform's.",
      "Verify the user got the interaction, or say you could not.",
    ];
    expect(
      renderSectionText(
        { size: "compact", volatile: { presentationTools: ["canvas", "board"] } },
        "ui_presentation",
      ),
    ).toBe(
      [
        "## UI Presentation",
        `Presentation tools \`canvas\`, \`board\`${FIRST}`,
        "Open portals through the Control UI (Portals), never a bare public URL.",
        ...REST,
      ].join("\n"),
    );
    expect(
      renderSectionText(
        {
          size: "compact",
          profile: NEUTRAL_PRODUCT_PROFILE,
          volatile: { presentationTools: ["canvas"] },
        },
        "ui_presentation",
      ),
    ).toBe(["## UI Presentation", `Presentation tools \`canvas\`${FIRST}`, ...REST].join("\n"));
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
