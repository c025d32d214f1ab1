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
      "Use `message` to send to a channel outside the current reply.",
      "Set its `channel` only when sending somewhere other than the chat this turn came from.",
    );
    if (hasFeature(context, "replyDirectives")) {
      lines.push(
        "When you already delivered the answer into the current chat with `message` (`send`), end the turn with exactly `NO_REPLY` and nothing else, so it does not arrive twice.",
      );
    }
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
    lines.push("`message`: sends beyond this reply; `channel` only for other chats.");
    if (hasFeature(context, "replyDirectives")) {
      lines.push("After `message` `send` here, reply only `NO_REPLY`.");
    }
  }
  return lines;
}
