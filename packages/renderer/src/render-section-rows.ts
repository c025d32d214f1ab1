// Renders the planned rows of one side of the cache boundary: each body joined from its lines,
// caller text projected where the row says so, marker look-alikes defused only when found.
import type { SectionRenderContext } from "./create-section-render-context.js";
import type { Markers, PlannedRow } from "./plan-section-rows.js";
import { projectInboundText } from "./project-inbound-text.js";
import { CURRENT_TRANSCRIPT_PROJECTION_VERSION } from "./resolve-transcript-projection-version.js";
import type { RenderedSection } from "./types.js";

/**
 * Renders one side of the boundary: pushes each non-empty section to `sections` and returns
 * their texts joined by one blank line ("" when none rendered).
 *
 * Caller text that spells the start of a marker (`<!-- WORD_`) would add a second boundary or a
 * fake runtime tail, so such look-alikes read `<!-- (quoted) WORD_` instead. When validation
 * found no caller string that could supply a look-alike's `!` (`search` false; built-in prose
 * holds none), the side is rendered once and not searched. Otherwise it is rendered once and
 * searched; only when a look-alike turns up is it rendered again with defusing on. A side never
 * looks at the other side's text, so per-turn facts cannot change the prefix.
 */
export function renderSide(
  rows: readonly PlannedRow[],
  context: SectionRenderContext,
  markers: Markers,
  sections: RenderedSection[],
  search: boolean,
  afterFramed: boolean,
): string {
  if (!search) return joinRows(rows, context, markers, sections, afterFramed);
  const start = sections.length;
  const text = renderRows(rows, context, markers, sections, false, afterFramed);
  if (text !== undefined) return text;
  sections.length = start;
  return renderRows(rows, context, markers, sections, true, afterFramed) as string;
}

/**
 * Renders rows in order and joins them (see `renderSide`), without searching: for sides whose
 * caller text cannot spell a marker start. The `+` joins build ropes; nothing is copied here.
 */
function joinRows(
  rows: readonly PlannedRow[],
  context: SectionRenderContext,
  markers: Markers,
  sections: RenderedSection[],
  startsAfterFramed: boolean,
): string {
  let joined = "";
  let afterFramed = startsAfterFramed;
  for (let index = 0; index < rows.length; index++) {
    const planned = rows[index] as PlannedRow;
    const lines = planned.render(context);
    if (lines === undefined || lines.length === 0) continue;
    // Caller text reaches lines only after a blank check, so any non-empty line is visible.
    let body = lines[0] as string;
    let length = body.length;
    for (let line = 1; line < lines.length; line++) {
      const next = lines[line] as string;
      length += next.length;
      body = body + "\n" + next;
    }
    if (length === 0) continue; // never emit empty sections
    if (planned.projectsCallerText) body = projectCallerText(body, context);
    const text = pushSection(planned, body, afterFramed, markers, sections);
    afterFramed = planned.framesCallerText;
    joined = joined === "" ? text : joined + "\n\n" + text;
  }
  return joined;
}

/**
 * Completes a section from its body (its heading line: its own, or its fallback right after
 * caller text; the runtime-tail markers), pushes it to `sections` and returns its text.
 */
function pushSection(
  planned: PlannedRow,
  body: string,
  afterFramed: boolean,
  markers: Markers,
  sections: RenderedSection[],
): string {
  const headingLine =
    planned.headingLine === "" && afterFramed ? planned.fallbackHeadingLine : planned.headingLine;
  let text = headingLine === "" ? body : headingLine + body;
  if (planned.runtimeTail) text = markers.tailBegin + text + markers.tailEnd;
  sections.push({ id: planned.id, heading: planned.heading, text, cache: planned.cache });
  return text;
}

/**
 * A body that quotes caller text, projected as an inbound message (every delimiter spelling made
 * inert), the same in every layout and for every consumer of the rendered prompt. A body is the
 * unit: a delimiter spelt across two caller strings of one section (two hint lines) is caught.
 */
function projectCallerText(body: string, context: SectionRenderContext): string {
  return projectInboundText(body, {
    projectionVersion: CURRENT_TRANSCRIPT_PROJECTION_VERSION,
    profile: context.profile,
    kind: "message",
  }).text;
}

/** Above this length a section body is searched line by line, and a line by itself. */
const LONG_TEXT = 512;

/**
 * Renders rows in order (see `renderSide`); returns undefined when `defuse` is off and a
 * look-alike was found. Bodies are joined with `+`, which builds a rope: nothing is copied until
 * a consumer reads the text. The search needs flat text, so short bodies are gathered in one rope
 * and searched once, while long lines (injected files, the skills list: flat strings from the
 * caller) are searched where they lie, without a copy. Lines are joined with newlines and the
 * marker start holds none, so no look-alike can span two lines.
 */
function renderRows(
  rows: readonly PlannedRow[],
  context: SectionRenderContext,
  markers: Markers,
  sections: RenderedSection[],
  defuse: boolean,
  startsAfterFramed: boolean,
): string | undefined {
  const { prefix, needle } = markers;
  let joined = "";
  let short = "";
  let afterFramed = startsAfterFramed;
  for (const planned of rows) {
    const lines = planned.render(context);
    if (lines === undefined) continue;
    // Caller text reaches lines only after a blank check, so any non-empty line is visible.
    let length = 0;
    let body = "";
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index] as string;
      length += line.length;
      body = index === 0 ? line : body + "\n" + line;
    }
    if (length === 0) continue; // never emit empty sections
    if (planned.projectsCallerText) body = projectCallerText(body, context);
    if (defuse) {
      if (body.includes(prefix)) body = body.split(prefix).join(markers.quoted);
    } else if (body.length <= LONG_TEXT) {
      short = short === "" ? body : short + "\n" + body;
    } else {
      for (const line of lines) {
        if (line.length <= LONG_TEXT) short = short === "" ? line : short + "\n" + line;
        else if (line.includes(needle)) return undefined;
      }
    }
    const text = pushSection(planned, body, afterFramed, markers, sections);
    afterFramed = planned.framesCallerText;
    joined = joined === "" ? text : joined + "\n\n" + text;
  }
  return !defuse && short.includes(needle) ? undefined : joined;
}
