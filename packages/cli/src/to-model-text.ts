import {
  formatRuntimeTailMarkers,
  splitCacheBoundary,
  stripCacheBoundary,
} from "@promptstack/renderer";
import type { ProductProfile, RenderedPrompt } from "@promptstack/renderer";

/** The prompt as a single-string transport sends it, and where its volatile suffix starts. */
export interface ModelText {
  readonly text: string;
  /** Offset in `text` of the first volatile character; -1 when the prompt has no boundary. */
  readonly boundary: number;
}

function dropMarkerLines(text: string, markers: readonly string[]): string {
  return text
    .split("\n")
    .filter((line) => !markers.includes(line))
    .join("\n");
}

/**
 * Strips the cache-boundary marker and the runtime-tail marker lines: no marker may reach a
 * provider. The boundary offset is kept so callers can still tell the halves apart.
 */
export function toModelText(prompt: RenderedPrompt, profile?: ProductProfile): ModelText {
  const { begin, end } = formatRuntimeTailMarkers(profile);
  const markers = [begin, end];
  if (prompt.boundary === -1) {
    return {
      text: dropMarkerLines(stripCacheBoundary(prompt.text, profile), markers),
      boundary: -1,
    };
  }
  const { stablePrefix, dynamicSuffix } = splitCacheBoundary(prompt.text, profile);
  const stable = dropMarkerLines(stablePrefix, markers);
  const dynamic = dropMarkerLines(dynamicSuffix, markers);
  const separator = stable.endsWith("\n") || dynamic.startsWith("\n") || stable === "" ? "" : "\n";
  return { text: `${stable}${separator}${dynamic}`, boundary: stable.length + separator.length };
}
