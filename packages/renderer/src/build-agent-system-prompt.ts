import { createSectionRenderContext } from "./create-section-render-context.js";
import { ensureCacheBoundary } from "./ensure-cache-boundary.js";
import {
  formatCacheBoundaryMarker,
  formatRuntimeTailMarkers,
} from "./format-cache-boundary-marker.js";
import { RendererError } from "./renderer-error.js";
import { SECTION_TABLE } from "./section-table.js";
import { stripCacheBoundary } from "./strip-cache-boundary.js";
import type {
  AgentSystemPromptInput,
  ProductProfile,
  RenderedPrompt,
  RenderedSection,
} from "./types.js";
import { validateAgentSystemPromptInput } from "./validate-agent-system-prompt-input.js";

/**
 * Joins a section's lines, or returns undefined when nothing visible is left. Marker look-alikes
 * in caller text are defused so the prompt keeps exactly one boundary and one runtime tail.
 */
function joinSectionLines(
  lines: readonly string[],
  markerPrefix: string,
  profile: ProductProfile,
): string | undefined {
  let visible = false;
  let defuse = false;
  for (const line of lines) {
    if (!visible && line.trim() !== "") visible = true;
    if (line.includes(markerPrefix)) defuse = true;
  }
  if (!visible) return undefined;
  const body = lines.join("\n");
  return defuse ? body.split(markerPrefix).join(`<!-- (quoted) ${profile.delimiterWord}_`) : body;
}

function applyLegacyHook(hook: (text: string) => string, text: string): string {
  let result: unknown;
  try {
    result = hook(text);
  } catch (cause) {
    throw new RendererError(
      "RENDERER_HOOK_FAILED",
      "The legacy beforePromptBuild hook threw while rewriting the system prompt.",
      {
        path: "beforePromptBuild",
        hint: "Fix the hook, or move its change into a provider contribution.",
        cause,
      },
    );
  }
  if (typeof result !== "string") {
    throw new RendererError(
      "RENDERER_HOOK_FAILED",
      "The legacy beforePromptBuild hook returned something other than a string.",
      { path: "beforePromptBuild", hint: "Return the full prompt text from the hook." },
    );
  }
  return result;
}

/**
 * Renders the system prompt for one run: `{ text, sections, boundary }`. Pure: the same input
 * always gives the same bytes. Throws `RendererError` on invalid input or a failing legacy hook.
 * `sections` describes the renderer's own output, before any legacy hook rewrote `text`.
 */
export function buildAgentSystemPrompt(input: AgentSystemPromptInput): RenderedPrompt {
  validateAgentSystemPromptInput(input);
  const context = createSectionRenderContext(input);
  const { mode, profile } = context;
  const markerPrefix = `<!-- ${profile.delimiterWord}_`;
  const sections: RenderedSection[] = [];
  const stableTexts: string[] = [];
  const volatileTexts: string[] = [];
  for (const row of SECTION_TABLE) {
    if (!row.modes.includes(mode)) continue;
    const lines = row.render(context);
    if (lines === undefined) continue;
    const body = joinSectionLines(lines, markerPrefix, profile);
    if (body === undefined) continue;
    const heading =
      mode === "minimal" && row.minimalHeading !== undefined ? row.minimalHeading : row.heading;
    let text = row.headingInText ? `## ${heading}\n${body}` : body;
    if (row.runtimeTail === true) {
      const tail = formatRuntimeTailMarkers(profile);
      text = `${tail.begin}\n${text}\n${tail.end}`;
    }
    sections.push({ id: row.id, heading, text, cache: row.cache });
    (row.cache === "stable" ? stableTexts : volatileTexts).push(text);
  }

  const marker = formatCacheBoundaryMarker(profile);
  const stableText = stableTexts.join("\n\n");
  let text: string;
  let boundary: number;
  if (mode === "none") {
    text = `${stableText}\n`;
    boundary = -1;
  } else {
    // One blank line on each side of the marker line: stripping it leaves the normal spacing.
    text =
      volatileTexts.length === 0
        ? `${stableText}\n${marker}`
        : `${stableText}\n${marker}\n${volatileTexts.join("\n\n")}\n`;
    boundary = stableText.length + 1;
  }

  if (input.beforePromptBuild !== undefined) {
    const hooked = applyLegacyHook(input.beforePromptBuild, text);
    if (mode === "none") {
      text = stripCacheBoundary(hooked, profile);
    } else {
      text = ensureCacheBoundary(hooked, profile);
      boundary = text.indexOf(marker);
    }
  }
  return { text, sections, boundary };
}
