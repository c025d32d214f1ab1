import { hasFeature, hasText, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

const CHAT_TYPE_LABELS = Object.freeze({
  direct: "direct chat",
  group: "group chat",
  channel: "channel",
});

/** Control UI embed: the run is shown inside the Control UI. */
export function renderControlUiEmbedSection(context: SectionRenderContext): string[] | undefined {
  if (context.volatile?.channel?.controlUiEmbed !== true) return undefined;
  if (!hasFeature(context, "controlUi")) return undefined;
  if (isCompact(context)) {
    return ["Embedded in the Control UI: name its pages; the user is already inside it."];
  }
  return [
    "This conversation is embedded in the Control UI.",
    "Refer to Control UI pages by name; the user is already inside it.",
  ];
}

/** Channel messaging: facts about the current channel, incl. the native-approvals rule. */
export function renderChannelMessagingSection(context: SectionRenderContext): string[] | undefined {
  const channel = context.volatile?.channel;
  const sender = context.volatile?.sender;
  if (channel === undefined && !hasText(sender)) return undefined;
  const lines: string[] = [];
  if (channel !== undefined) {
    lines.push(`Channel: ${channel.id} (${CHAT_TYPE_LABELS[channel.chatType]})`);
    if (hasText(channel.chatLabel)) lines.push(`Chat: ${channel.chatLabel.trim()}`);
  }
  if (hasText(sender)) lines.push(`Sender: ${sender.trim()}`);
  if (isCompact(context)) {
    if (channel?.autoReply === true)
      lines.push("Automatic reply run, not addressed to you directly.");
    if (channel?.messageToolOnly === true) {
      lines.push("Only `message` delivers visible replies; plain reply text is not sent.");
    }
    if (channel?.nativeApprovals === true && hasFeature(context, "approvalCommand")) {
      lines.push(
        "Native approval buttons; manual `/approve` only if a result says chat approvals are unavailable or manual-only.",
      );
    }
    return lines;
  }
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
  const channel = context.volatile?.channel;
  const compact = isCompact(context);
  const rule = compact
    ? "Never mix `NO_REPLY` with other content."
    : "Never put `NO_REPLY` into a reply that has other content.";
  if (channel === undefined) {
    if (compact) return ["To stay silent, reply exactly `NO_REPLY`.", rule];
    return ["When nothing needs saying, reply with exactly `NO_REPLY` and nothing else.", rule];
  }
  if (channel.messageToolOnly === true || channel.chatType === "direct") return undefined;
  if (channel.allowGroupSilence !== true) return undefined;
  if (compact) return ["You may stay silent here: reply exactly `NO_REPLY`.", rule];
  return [
    "You may stay silent in this chat: reply with exactly `NO_REPLY` when a message does not need you.",
    rule,
  ];
}

/** Collapsible details: the channel renders `<details>` disclosures. */
export function renderCollapsibleDetailsSection(
  context: SectionRenderContext,
): string[] | undefined {
  if (context.volatile?.channel?.collapsibleDetails !== true) return undefined;
  if (isCompact(context)) {
    return [
      "Put optional depth (logs, long lists) in `<details><summary>...</summary>...</details>`; keep the answer and required user actions outside.",
    ];
  }
  return [
    "This channel renders `<details><summary>...</summary>...</details>` disclosures.",
    "Put optional depth (logs, long lists, derivations) inside them.",
    "Keep the main answer and any action the user must take outside them.",
  ];
}

/** Voice: voice notes can be sent on this channel. */
export function renderVoiceSection(context: SectionRenderContext): string[] | undefined {
  if (context.volatile?.channel?.voice !== true) return undefined;
  if (isCompact(context)) {
    return ["Voice notes: when asked for audio or addressed by voice."];
  }
  return [
    "This channel can deliver voice notes.",
    "Send one when the user asks for audio or talks to you by voice.",
  ];
}

/** Reactions: how freely to react, per the channel's reaction level. */
export function renderReactionsSection(context: SectionRenderContext): string[] | undefined {
  const level = context.volatile?.channel?.reactions;
  if (level === undefined) return undefined;
  if (isCompact(context)) {
    return [
      level === "extensive"
        ? "React freely, never instead of an answer."
        : "React sparingly, never instead of an answer.",
    ];
  }
  return [
    level === "extensive"
      ? "React freely to acknowledge, agree or show progress."
      : "React sparingly, only when a reaction says more than words.",
    "A reaction never replaces an answer the user needs.",
  ];
}

/** ACP hints: channel-specific hint lines for ACP-bound sessions, verbatim. */
export function renderAcpHintsSection(context: SectionRenderContext): string[] | undefined {
  const hints = context.volatile?.channel?.acpHints;
  if (hints === undefined) return undefined;
  const lines: string[] = [];
  for (const hint of hints) if (hasText(hint)) lines.push(`- ${hint.trim()}`);
  return lines.length === 0 ? undefined : lines;
}
