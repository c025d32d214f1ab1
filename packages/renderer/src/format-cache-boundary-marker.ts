import { OPENCLAW_PRODUCT_PROFILE } from "./product-profile.js";
import type { ProductProfile } from "@promptstack/core";

/** The cache-boundary marker, newlines included: `"\n<!-- <WORD>_CACHE_BOUNDARY -->\n"`. */
export function formatCacheBoundaryMarker(
  profile: ProductProfile = OPENCLAW_PRODUCT_PROFILE,
): string {
  return `\n<!-- ${profile.delimiterWord}_CACHE_BOUNDARY -->\n`;
}

/** The begin/end comment pair that wraps the relocatable Runtime tail. */
export interface RuntimeTailMarkers {
  readonly begin: string;
  readonly end: string;
}

/** Builds `<!-- <WORD>_RUNTIME_TAIL_BEGIN -->` / `<!-- <WORD>_RUNTIME_TAIL_END -->`. */
export function formatRuntimeTailMarkers(
  profile: ProductProfile = OPENCLAW_PRODUCT_PROFILE,
): RuntimeTailMarkers {
  return {
    begin: `<!-- ${profile.delimiterWord}_RUNTIME_TAIL_BEGIN -->`,
    end: `<!-- ${profile.delimiterWord}_RUNTIME_TAIL_END -->`,
  };
}
