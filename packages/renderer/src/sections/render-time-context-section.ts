import { hasText, hasTool } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Time context: the user's local date (and time when given) and time zone. */
export function renderTimeContextSection(context: SectionRenderContext): string[] | undefined {
  const time = context.input.volatile?.time;
  if (time === undefined || !hasText(time.date)) return undefined;
  const lines = [`Current date: ${time.date.trim()}`];
  if (hasText(time.time)) lines.push(`Local time: ${time.time.trim()}`);
  if (hasText(time.timeZone)) lines.push(`Time zone: ${time.timeZone.trim()}`);
  if (hasTool(context, "session_status")) {
    lines.push("For the exact current time, call `session_status`.");
  }
  return lines;
}
