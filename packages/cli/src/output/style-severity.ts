import type { Styler } from "./create-styler.js";

/** A severity label in its colour (errors red, warnings yellow, info dim), padded to `width`. */
export function styleSeverity(
  severity: "error" | "warning" | "info",
  styler: Styler,
  width = 0,
): string {
  const label = severity.padEnd(width);
  if (severity === "error") return styler.red(label);
  return severity === "warning" ? styler.yellow(label) : styler.dim(label);
}
