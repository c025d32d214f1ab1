import { CodexError } from "./codex-error.js";

// Renderer markers are whole lines of the form `<!-- UPPER_CASE_WORDS -->` (cache boundary and the
// relocatable runtime pair). Codex takes single strings, so none of them may reach it.
const MARKER_LINE = /^<!-- [A-Z0-9_]+ -->$/;

/** Removes every renderer marker line from `text`; throws if a marker survives inline. */
export function stripCodexBoundaryMarkers(text: string): string {
  const kept = text.split("\n").filter((line) => !MARKER_LINE.test(line.trim()));
  const result = kept.join("\n").trim();
  if (/<!-- [A-Z0-9_]*BOUNDARY[A-Z0-9_]* -->/.test(result)) {
    throw new CodexError(
      "CODEX_BOUNDARY_LEAK",
      "A cache-boundary marker is embedded inside a line of the runtime policy text.",
      {
        path: "runtimePolicy.text",
        hint: "Render the policy with the renderer's boundary helpers.",
      },
    );
  }
  return result;
}
