import { hasTool } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Messaging: channel replies go through the product's routing, not shell or HTTP. */
export function renderMessagingSection(context: SectionRenderContext): string[] {
  const lines = [
    `Replies and actions on connected channels go through ${context.profile.name} routing, never shell or HTTP workarounds.`,
    "User-authorized CLI or API actions for other services, such as sending mail, remain allowed under normal permissions and approvals.",
  ];
  if (hasTool(context, "message")) {
    lines.push("Use `message` to send to a channel outside the current reply.");
  }
  return lines;
}
