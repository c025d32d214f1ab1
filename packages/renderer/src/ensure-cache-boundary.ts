import { assertStringArgument } from "./assert-argument.js";
import { formatCacheBoundaryMarker } from "./format-cache-boundary-marker.js";
import type { ProductProfile } from "@promptstack/core";

/**
 * Returns `text` with exactly one cache-boundary marker: appends one when missing (e.g. after a
 * legacy hook rewrote the prompt), keeps only the first when there are several.
 */
export function ensureCacheBoundary(text: string, profile?: ProductProfile): string {
  assertStringArgument(text, "ensureCacheBoundary", "text");
  const marker = formatCacheBoundaryMarker(profile);
  const first = text.indexOf(marker);
  if (first === -1) return text + marker;
  const afterFirst = first + marker.length;
  if (text.indexOf(marker, afterFirst) === -1) return text;
  // Keeping the first marker errs on the safe side: more text counts as volatile, never less.
  return text.slice(0, afterFirst) + text.slice(afterFirst).split(marker).join("");
}
