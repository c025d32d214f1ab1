import { toModelText } from "@promptstack/renderer";
import type { ProductProfile } from "@promptstack/core";
import { CodexError } from "./codex-error.js";
import { CODEX_MARKER_LOOK_ALIKE } from "./find-codex-marker-look-alikes.js";

// After the renderer's model text, any remaining marker is a whole line `<!-- UPPER_WORDS -->`
// (the relocatable runtime-tail pair). Codex takes single strings, so none may reach it.
const MARKER_LINE = /^<!-- [A-Z0-9_]+ -->$/;

/** Removes the cache boundary and every other renderer marker line; throws if one survives. */
export function stripCodexBoundaryMarkers(text: string, profile?: ProductProfile): string {
  const kept = toModelText(text, profile)
    .text.split("\n")
    .filter((line) => !MARKER_LINE.test(line.trim()));
  const result = kept.join("\n").trim();
  if (CODEX_MARKER_LOOK_ALIKE.test(result)) {
    throw new CodexError(
      "CODEX_BOUNDARY_LEAK",
      "A renderer marker is embedded inside a line of the runtime policy text.",
      {
        path: "runtimePolicy.text",
        hint: "Render the policy with the renderer's boundary helpers.",
      },
    );
  }
  return result;
}
