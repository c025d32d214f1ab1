import { hasFeature, hasTool, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/**
 * Messaging: channel replies go through the product's routing, not shell or HTTP; with the
 * `message` tool, the send protocol that keeps users from getting an answer twice.
 */
export function renderMessagingSection(context: SectionRenderContext): string[] {
  if (isCompact(context)) return renderCompactMessaging(context);
  const lines: string[] = [];
  if (hasFeature(context, "channelRouting")) {
    lines.push(
      `Replies and actions on connected channels go through ${context.profile.name} routing, never shell or HTTP workarounds.`,
      "User-authorized CLI or API actions for other services, such as sending mail, remain allowed under normal permissions and approvals.",
    );
  }
  if (hasTool(context, "message")) {
    lines.push(
      "Use `message` to send to a channel outside the current reply: `action` picks what it does (`send`, a reaction, an edit), `to` the recipient, `text` and `media` the content.",
      "Set its `channel` only when sending somewhere other than the chat this turn came from.",
      "One-person answers go to that person privately through `message`, not into a shared chat's reply.",
    );
    if (hasFeature(context, "replyDirectives")) {
      lines.push(
        "When you already delivered the answer into the current chat with `message` (`send`), end the turn with exactly `NO_REPLY` and nothing else, so it does not arrive twice.",
      );
    }
  } else if (hasFeature(context, "channelRouting")) {
    lines.push(
      "Without a `message` tool, reply only here: its absence is not permission to take another route.",
    );
  }
  return lines;
}

function renderCompactMessaging(context: SectionRenderContext): string[] {
  const lines: string[] = [];
  if (hasFeature(context, "channelRouting")) {
    lines.push(
      `Reply through ${context.profile.name} routing, never shell or HTTP; user-authorized CLI or API actions elsewhere are fine.`,
    );
  }
  if (hasTool(context, "message")) {
    lines.push(
      "`message` (`action`, `to`, `text`, `media`): sends beyond this reply; `channel` only for other chats; one-person answers go privately.",
    );
    if (hasFeature(context, "replyDirectives")) {
      lines.push("After `message` `send` here, reply only `NO_REPLY`.");
    }
  } else if (hasFeature(context, "channelRouting")) {
    lines.push("No `message` tool: reply only here; no other route.");
  }
  return lines;
}
