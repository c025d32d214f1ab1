import { hasText, hasTool, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/**
 * Time context: the user's local date and time zone. A given local time is not printed: the
 * exact time comes from `session_status`, and a clock line would be stale within minutes.
 */
export function renderTimeContextSection(context: SectionRenderContext): string[] | undefined {
  const time = context.volatile?.time;
  if (time === undefined || !hasText(time.date)) return undefined;
  if (isCompact(context)) {
    const zone = hasText(time.timeZone) ? ` (${time.timeZone.trim()})` : "";
    const exact = hasTool(context, "session_status") ? "; exact time: `session_status`" : "";
    return [`Date: ${time.date.trim()}${zone}${exact}`];
  }
  const lines = [`Current date: ${time.date.trim()}`];
  if (hasText(time.timeZone)) lines.push(`Time zone: ${time.timeZone.trim()}`);
  if (hasTool(context, "session_status")) {
    lines.push("For the exact current time, call `session_status`.");
  }
  return lines;
}
