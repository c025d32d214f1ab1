import { hasFeature, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/**
 * Assistant output directives: compact syntax for attachments, voice notes and reply tags. Only
 * for a profile that declares `replyDirectives` (its gateway parses them).
 */
export function renderAssistantOutputDirectivesSection(
  context: SectionRenderContext,
): string[] | undefined {
  if (!hasFeature(context, "replyDirectives")) return undefined;
  if (isCompact(context)) {
    return [
      "`MEDIA:<path-or-url>` attaches; `[[audio_as_voice]]` voice note; `[[reply_to_current]]`, `[[reply_to:<id>]]` reply; each on its own line, outside code fences.",
    ];
  }
  return [
    "Attach a file or image with a line `MEDIA:<path-or-url>`.",
    "Add `[[audio_as_voice]]` to send attached audio as a voice note.",
    "Reply to the current message with `[[reply_to_current]]`, or to another with `[[reply_to:<id>]]`.",
    "Put each directive on its own line, outside code fences; inside a fence it is shown as plain text.",
  ];
}
