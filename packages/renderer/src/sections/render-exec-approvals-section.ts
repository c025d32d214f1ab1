import { hasFeature, hasTool, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/**
 * Exec approvals: how approvals work whenever `exec` exists, on every channel. The channel's
 * native approval UI (a per-turn fact) is covered below the boundary in Current Channel.
 */
export function renderExecApprovalsSection(context: SectionRenderContext): string[] | undefined {
  if (!hasTool(context, "exec") || !hasFeature(context, "approvalCommand")) return undefined;
  if (isCompact(context)) {
    return [
      "`/approve` is the user's; ask only when a result says approval is pending, quoting the exact command; copy approval ids exactly, never invent; allow-once: one exact command.",
    ];
  }
  return [
    "`/approve` is the user's command: never run it or send it yourself.",
    "Ask for approval only after a tool result says one is pending; never ask in advance.",
    "When you ask, show the exact command awaiting approval, unchanged, so the user knows what they allow.",
    "Use approval ids exactly as a result gives them; never invent one.",
    "An allow-once approval covers that one command as shown; a changed or repeated command needs a new approval.",
  ];
}
