import { assertStringArgument } from "./assert-argument.js";
import { formatCacheBoundaryMarker } from "./format-cache-boundary-marker.js";
import type { ProductProfile } from "@promptstack/core";

/** The two halves of a prompt around its cache boundary. */
export interface CacheBoundarySplit {
  /** Text before the marker: the cacheable prefix. The whole text when there is no marker. */
  readonly stablePrefix: string;
  /** Text after the marker; empty when there is no marker. */
  readonly dynamicSuffix: string;
}

/**
 * Splits `text` at its first cache-boundary marker. The marker itself belongs to neither half,
 * so `stablePrefix + dynamicSuffix` equals `stripCacheBoundary(text)` for a well-formed prompt.
 */
export function splitCacheBoundary(text: string, profile?: ProductProfile): CacheBoundarySplit {
  assertStringArgument(text, "splitCacheBoundary", "text");
  const marker = formatCacheBoundaryMarker(profile);
  const index = text.indexOf(marker);
  if (index === -1) return { stablePrefix: text, dynamicSuffix: "" };
  return {
    stablePrefix: text.slice(0, index),
    dynamicSuffix: text.slice(index + marker.length),
  };
}
