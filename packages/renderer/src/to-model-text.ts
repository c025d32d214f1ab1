import { assertStringArgument } from "./assert-argument.js";
import {
  formatCacheBoundaryMarker,
  formatRuntimeTailMarkers,
} from "./format-cache-boundary-marker.js";
import { splitCacheBoundary } from "./split-cache-boundary.js";
import type { ProductProfile } from "@promptstack/core";

/** A prompt as a provider receives it: no renderer marker, split at the cache boundary. */
export interface ModelText {
  /** The cacheable prefix (the whole text when the prompt has no boundary). */
  readonly stable: string;
  /** The per-turn suffix; empty when the prompt has no boundary. */
  readonly volatile: string;
  /** `stable` and `volatile` joined with one line break: the single string to send. */
  readonly text: string;
}

function dropMarkerLines(text: string, begin: string, end: string): string {
  if (!text.includes(begin) && !text.includes(end)) return text;
  return text
    .split("\n")
    .filter((line) => line !== begin && line !== end)
    .join("\n");
}

/**
 * A rendered prompt carries the marker's offset (`boundary`): when the marker is really there,
 * split at it instead of searching tens of kilobytes of text for it on every turn.
 */
function splitAtKnownBoundary(
  prompt: string | { readonly text: string; readonly boundary?: number },
  text: string,
  profile: ProductProfile | undefined,
): { stablePrefix: string; dynamicSuffix: string } | undefined {
  if (typeof prompt === "string" || !("boundary" in prompt)) return undefined;
  const boundary = prompt.boundary;
  if (typeof boundary !== "number" || boundary < 0) return undefined;
  const marker = formatCacheBoundaryMarker(profile);
  // A rendered prompt holds exactly one marker, at `boundary`; anything else is searched.
  if (!text.startsWith(marker, boundary)) return undefined;
  return {
    stablePrefix: text.slice(0, boundary),
    dynamicSuffix: text.slice(boundary + marker.length),
  };
}

/**
 * The marker-free model text of a rendered prompt: the cache-boundary marker and the
 * runtime-tail marker lines are removed, so no marker reaches a provider. Every adapter that
 * sends text (the CLI, the Codex harness, an embedded runtime) uses this one function. A
 * rendered prompt is split at its `boundary` offset (checked to hold the marker), without
 * searching the text; a plain string is searched.
 */
export function toModelText(
  prompt: string | { readonly text: string; readonly boundary?: number },
  profile?: ProductProfile,
): ModelText {
  const text = typeof prompt === "string" ? prompt : prompt?.text;
  assertStringArgument(text, "toModelText", "prompt.text");
  const { begin, end } = formatRuntimeTailMarkers(profile);
  const { stablePrefix, dynamicSuffix } =
    splitAtKnownBoundary(prompt, text, profile) ?? splitCacheBoundary(text, profile);
  const stable = dropMarkerLines(stablePrefix, begin, end);
  const volatile = dropMarkerLines(dynamicSuffix, begin, end);
  if (volatile === "") return { stable, volatile, text: stable };
  const separator = stable === "" || stable.endsWith("\n") || volatile.startsWith("\n") ? "" : "\n";
  return { stable, volatile, text: `${stable}${separator}${volatile}` };
}
