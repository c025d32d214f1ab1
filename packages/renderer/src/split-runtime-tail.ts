import { assertStringArgument } from "./assert-argument.js";
import { formatRuntimeTailMarkers } from "./format-cache-boundary-marker.js";
import type { ProductProfile } from "./types.js";

/** A prompt with its Runtime tail taken out. */
export interface RuntimeTailSplit {
  /** The prompt without the marker pair and what it wraps. */
  readonly body: string;
  /** The text between the markers (no markers, no outer newlines); undefined when absent. */
  readonly tail: string | undefined;
}

/**
 * Takes the Runtime tail (the text wrapped by the runtime-tail marker pair) out of `text`, so a
 * transport can send it elsewhere, e.g. after the tool schemas. Blank-line spacing is preserved.
 */
export function splitRuntimeTail(text: string, profile?: ProductProfile): RuntimeTailSplit {
  assertStringArgument(text, "splitRuntimeTail", "text");
  const { begin, end } = formatRuntimeTailMarkers(profile);
  const start = text.indexOf(begin);
  if (start === -1) return { body: text, tail: undefined };
  const endIndex = text.indexOf(end, start + begin.length);
  if (endIndex === -1) return { body: text, tail: undefined };
  const tail = text
    .slice(start + begin.length, endIndex)
    .replace(/^\n/, "")
    .replace(/\n$/, "");
  let cutStart = start;
  let cutEnd = endIndex + end.length;
  if (text.startsWith("\n", cutEnd)) cutEnd += 1;
  if (text.startsWith("\n", cutEnd)) cutEnd += 1;
  else if (cutEnd === text.length && text.slice(0, cutStart).endsWith("\n\n")) cutStart -= 1;
  return { body: text.slice(0, cutStart) + text.slice(cutEnd), tail };
}
