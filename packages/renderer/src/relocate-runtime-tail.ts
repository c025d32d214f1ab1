import { assertStringArgument } from "./assert-argument.js";
import { formatRuntimeTailMarkers } from "./format-cache-boundary-marker.js";
import { splitRuntimeTail } from "./split-runtime-tail.js";
import type { ProductProfile } from "./types.js";

/** Moves the marked Runtime tail to the very end of `text`; unchanged when there is none. */
export function relocateRuntimeTail(text: string, profile?: ProductProfile): string {
  assertStringArgument(text, "relocateRuntimeTail", "text");
  const { body, tail } = splitRuntimeTail(text, profile);
  if (tail === undefined) return text;
  const { begin, end } = formatRuntimeTailMarkers(profile);
  const separator = body.endsWith("\n\n") ? "" : body.endsWith("\n") ? "\n" : "\n\n";
  return `${body}${separator}${begin}\n${tail}\n${end}\n`;
}
