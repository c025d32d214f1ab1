import { hasFeature, hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

const CHAT_TYPE_LABELS = Object.freeze({
  direct: "direct chat",
  group: "group chat",
  channel: "channel",
});

/** Control UI embed: the run is shown inside the Control UI. */
export function renderControlUiEmbedSection(context: SectionRenderContext): string[] | undefined {
  if (context.input.volatile?.channel?.controlUiEmbed !== true) return undefined;
  if (!hasFeature(context, "controlUi")) return undefined;
  return [
    "This conversation is embedded in the Control UI.",
    "Refer to Control UI pages by name; the user is already inside it.",
  ];
}

/** Channel messaging: facts about the current channel, incl. the native-approvals rule. */
export function renderChannelMessagingSection(context: SectionRenderContext): string[] | undefined {
  const channel = context.input.volatile?.channel;
  const sender = context.input.volatile?.sender;
  if (channel === undefined && !hasText(sender)) return undefined;
  const lines: string[] = [];
  if (channel !== undefined) {
    lines.push(`Channel: ${channel.id} (${CHAT_TYPE_LABELS[channel.chatType]})`);
    if (hasText(channel.chatLabel)) lines.push(`Chat: ${channel.chatLabel.trim()}`);
  }
  if (hasText(sender)) lines.push(`Sender: ${sender.trim()}`);
  if (channel?.autoReply === true) {
    lines.push("This is an automatic reply run, not a message addressed to you directly.");
  }
  if (channel?.messageToolOnly === true) {
    lines.push(
      "Only the `message` tool delivers visible replies here; plain reply text is not sent.",
    );
  }
  if (channel?.nativeApprovals === true && hasFeature(context, "approvalCommand")) {
    lines.push(
      "This channel shows native approval cards or buttons; rely on them first.",
      "Include a manual `/approve` command only when a tool result says chat approvals are unavailable or manual approval is the only path.",
    );
  }
  return lines;
}

/**
 * Silent replies (SPEC §2.5): never in direct chats or message-tool-only contexts; in group and
 * channel chats only when the operator allows silence; generic guidance when no chat is known.
 */
export function renderSilentRepliesSection(context: SectionRenderContext): string[] | undefined {
  // `NO_REPLY` is a reply directive: only a product whose gateway parses it may teach it.
  if (!hasFeature(context, "replyDirectives")) return undefined;
  const channel = context.input.volatile?.channel;
  const rule = "Never put `NO_REPLY` into a reply that has other content.";
  if (channel === undefined) {
    return ["When nothing needs saying, reply with exactly `NO_REPLY` and nothing else.", rule];
  }
  if (channel.messageToolOnly === true || channel.chatType === "direct") return undefined;
  if (channel.allowGroupSilence !== true) return undefined;
  return [
    "You may stay silent in this chat: reply with exactly `NO_REPLY` when a message does not need you.",
    rule,
  ];
}

/** Collapsible details: the channel renders `<details>` disclosures. */
export function renderCollapsibleDetailsSection(
  context: SectionRenderContext,
): string[] | undefined {
  if (context.input.volatile?.channel?.collapsibleDetails !== true) return undefined;
  return [
    "This channel renders `<details><summary>...</summary>...</details>` disclosures.",
    "Put optional depth (logs, long lists, derivations) inside them.",
    "Keep the main answer and any action the user must take outside them.",
  ];
}

/** Voice: voice notes can be sent on this channel. */
export function renderVoiceSection(context: SectionRenderContext): string[] | undefined {
  if (context.input.volatile?.channel?.voice !== true) return undefined;
  return [
    "This channel can deliver voice notes.",
    "Send one when the user asks for audio or talks to you by voice.",
  ];
}

/** Reactions: how freely to react, per the channel's reaction level. */
export function renderReactionsSection(context: SectionRenderContext): string[] | undefined {
  const level = context.input.volatile?.channel?.reactions;
  if (level === undefined) return undefined;
  return [
    level === "extensive"
      ? "React freely to acknowledge, agree or show progress."
      : "React sparingly, only when a reaction says more than words.",
    "A reaction never replaces an answer the user needs.",
  ];
}

/** ACP hints: channel-specific hint lines for ACP-bound sessions, verbatim. */
export function renderAcpHintsSection(context: SectionRenderContext): string[] | undefined {
  const hints = context.input.volatile?.channel?.acpHints;
  if (hints === undefined) return undefined;
  const lines: string[] = [];
  for (const hint of hints) if (hasText(hint)) lines.push(`- ${hint.trim()}`);
  return lines.length === 0 ? undefined : lines;
}
