import { createSectionRenderContext } from "./create-section-render-context.js";
import type { SectionRenderContext } from "./create-section-render-context.js";
import { ensureCacheBoundary } from "./ensure-cache-boundary.js";
import {
  formatCacheBoundaryMarker,
  formatRuntimeTailMarkers,
} from "./format-cache-boundary-marker.js";
import { RendererError } from "./renderer-error.js";
import { SECTION_TABLE } from "./section-table.js";
import { stripCacheBoundary } from "./strip-cache-boundary.js";
import type { AgentSystemPromptInput, RenderedPrompt, RenderedSection } from "./types.js";
import { validateAgentSystemPromptInput } from "./validate-agent-system-prompt-input.js";

/** Joins a section's lines; undefined when no line has content (never emit empty sections). */
function joinSectionLines(lines: readonly string[]): string | undefined {
  let body: string | undefined;
  let visible = false;
  for (const line of lines) {
    // Caller text reaches lines only after a blank check, so a non-empty line is visible.
    if (line !== "") visible = true;
    // `+` builds a rope instead of copying: injected files are copied once, when scanned.
    body = body === undefined ? line : body + "\n" + line;
  }
  return visible ? body : undefined;
}

/** Counts occurrences of `needle` in `text`. */
function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    count++;
  }
  return count;
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
  const { profile } = context;
  let prompt = assemblePrompt(context, false);
  // Caller text that spells one of our markers would add a second boundary or a fake runtime
  // tail. Two scans of the finished text detect it; only then are the sections re-rendered
  // with look-alikes defused. The needles omit the profile word on purpose: V8 finds these
  // constant suffixes several times faster, and a false alarm only costs the slow path.
  const boundaries = countOccurrences(prompt.text, "_CACHE_BOUNDARY -->");
  const tails = countOccurrences(prompt.text, "_RUNTIME_TAIL_");
  if (
    boundaries !== (prompt.boundary === -1 ? 0 : 1) ||
    tails !== (prompt.hasRuntimeTail ? 2 : 0)
  ) {
    prompt = assemblePrompt(context, true);
  }
  let { text, boundary } = prompt;
  if (input.beforePromptBuild !== undefined) {
    const hooked = applyLegacyHook(input.beforePromptBuild, text);
    if (context.mode === "none") {
      text = stripCacheBoundary(hooked, profile);
    } else {
      text = ensureCacheBoundary(hooked, profile);
      boundary = text.indexOf(formatCacheBoundaryMarker(profile));
    }
  }
  return { text, sections: prompt.sections, boundary };
}

interface AssembledPrompt extends RenderedPrompt {
  readonly hasRuntimeTail: boolean;
}

function assemblePrompt(context: SectionRenderContext, defuse: boolean): AssembledPrompt {
  const { mode, profile } = context;
  const markerPrefix = `<!-- ${profile.delimiterWord}_`;
  const quotedPrefix = `<!-- (quoted) ${profile.delimiterWord}_`;
  const sections: RenderedSection[] = [];
  let stableText = "";
  let volatileText = "";
  let hasRuntimeTail = false;
  for (const row of SECTION_TABLE) {
    if (!row.modes.includes(mode)) continue;
    const lines = row.render(context);
    if (lines === undefined) continue;
    let body = joinSectionLines(lines);
    if (body === undefined) continue;
    if (defuse && body.includes(markerPrefix)) body = body.split(markerPrefix).join(quotedPrefix);
    const heading =
      mode === "minimal" && row.minimalHeading !== undefined ? row.minimalHeading : row.heading;
    let text = row.headingInText ? `## ${heading}\n${body}` : body;
    if (row.runtimeTail === true) {
      const tail = formatRuntimeTailMarkers(profile);
      text = `${tail.begin}\n${text}\n${tail.end}`;
      hasRuntimeTail = true;
    }
    sections.push({ id: row.id, heading, text, cache: row.cache });
    // Plain `+` builds a rope: big blocks are copied once, when a consumer reads the text.
    if (row.cache === "stable") stableText = stableText === "" ? text : stableText + "\n\n" + text;
    else volatileText = volatileText === "" ? text : volatileText + "\n\n" + text;
  }
  if (mode === "none") return { text: stableText + "\n", sections, boundary: -1, hasRuntimeTail };
  // One blank line on each side of the marker line: stripping it leaves the normal spacing.
  const marker = formatCacheBoundaryMarker(profile);
  const text =
    volatileText === ""
      ? stableText + "\n" + marker
      : stableText + "\n" + marker + "\n" + volatileText + "\n";
  return { text, sections, boundary: stableText.length + 1, hasRuntimeTail };
}
