import { assertStringArgument } from "./assert-argument.js";
import { ensureCacheBoundary } from "./ensure-cache-boundary.js";
import { formatCacheBoundaryMarker } from "./format-cache-boundary-marker.js";
import type { ProductProfile } from "./types.js";

/**
 * Inserts `insert` directly after the cache-boundary marker (adding the marker first when
 * missing), so that per-turn text lands at the top of the volatile suffix.
 */
export function insertAfterCacheBoundary(
  text: string,
  insert: string,
  profile?: ProductProfile,
): string {
  assertStringArgument(text, "insertAfterCacheBoundary", "text");
  assertStringArgument(insert, "insertAfterCacheBoundary", "insert");
  const ensured = ensureCacheBoundary(text, profile);
  const marker = formatCacheBoundaryMarker(profile);
  const cut = ensured.indexOf(marker) + marker.length;
  const after = ensured.slice(cut);
  const needsNewline =
    insert !== "" && !insert.endsWith("\n") && after !== "" && !after.startsWith("\n");
  return ensured.slice(0, cut) + insert + (needsNewline ? "\n" : "") + after;
}
