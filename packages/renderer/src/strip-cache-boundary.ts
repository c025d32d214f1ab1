import { assertStringArgument } from "./assert-argument.js";
import { formatCacheBoundaryMarker } from "./format-cache-boundary-marker.js";
import type { ProductProfile } from "@promptstack/core";

/** Removes every cache-boundary marker, for transports that send one plain string. */
export function stripCacheBoundary(text: string, profile?: ProductProfile): string {
  assertStringArgument(text, "stripCacheBoundary", "text");
  const marker = formatCacheBoundaryMarker(profile);
  return text.includes(marker) ? text.split(marker).join("") : text;
}
