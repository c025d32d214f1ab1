import { createSectionRenderContext } from "./create-section-render-context.js";
import { projectInboundText } from "./project-inbound-text.js";
import { CURRENT_TRANSCRIPT_PROJECTION_VERSION } from "./resolve-transcript-projection-version.js";
import type { SectionRenderContext } from "./create-section-render-context.js";
import { ensureCacheBoundary } from "./ensure-cache-boundary.js";
import {
  formatCacheBoundaryMarker,
  formatRuntimeTailMarkers,
} from "./format-cache-boundary-marker.js";
import { RendererError } from "./renderer-error.js";
import { resolveSectionRows } from "./resolve-section-rows.js";
import { SECTION_TABLE } from "./section-table.js";
import type { SectionTableRow } from "./section-table.js";
import { stripCacheBoundary } from "./strip-cache-boundary.js";
import type {
  AgentSystemPromptInput,
  PromptMode,
  PromptSize,
  RenderedPrompt,
  RenderedSection,
  StableAgentSystemPromptInput,
  VolatileFacts,
} from "./types.js";
import type { ProductProfile } from "@promptstack/core";
import {
  checkStableInput,
  checkVolatileFacts,
  copyStableInput,
  copyVolatileFacts,
} from "./validate-agent-system-prompt-input.js";

/**
 * A system prompt whose stable part (everything above the cache boundary) is validated and
 * rendered once. Each `render(volatile)` validates and renders only that turn's volatile sections
 * and joins them to the kept prefix. The object is immutable and holds no cache beyond its own
 * prefix: the caller (an assembler, a session) keeps it for as long as the stable input holds.
 */
export interface CompiledAgentSystemPrompt {
  /** The prompt mode the prefix was compiled for. */
  readonly mode: PromptMode;
  /**
   * The text above the boundary marker: every turn's `text.slice(0, boundary)`, and what
   * `splitCacheBoundary(text).stablePrefix` returns (the whole text in `none` mode). A legacy
   * `beforePromptBuild` hook may rewrite it per turn.
   */
  readonly stablePrefix: string;
  /** The stable sections (frozen), first in every turn's `sections`. */
  readonly stableSections: readonly RenderedSection[];
  /**
   * Renders one turn. The result is byte for byte what `buildAgentSystemPrompt` returns for the
   * stable input plus `volatile`. Throws `RendererError` for invalid facts or a failing hook.
   */
  render(volatile?: VolatileFacts): RenderedPrompt;
}

/**
 * Validates and renders the stable part of a system prompt once. Pure: no clock, no global
 * state, no module-level cache; the returned object is the cache and belongs to the caller.
 * Per-turn facts are not part of the stable input: pass them to `render` (an input that carries
 * `volatile` is rejected, so that a turn's facts are never silently dropped).
 */
export function compileAgentSystemPrompt(
  input: StableAgentSystemPromptInput,
): CompiledAgentSystemPrompt {
  // The copy also means later changes to the caller's object cannot make turns disagree with
  // the prefix.
  const stable = copyStableInput(input);
  const marks = checkStableInput(stable);
  if ((input as AgentSystemPromptInput).volatile !== undefined) {
    throw new RendererError(
      "RENDERER_INVALID_INPUT",
      "Invalid renderer input at volatile: compileAgentSystemPrompt takes the stable input only.",
      {
        path: "volatile",
        hint: "Leave `volatile` out of the compiled input and pass each turn's facts to `render(volatile)`.",
      },
    );
  }
  const core = compileCore(stable, marks);
  for (const section of core.stableSections) Object.freeze(section);
  return new CompiledPrompt(core, stable);
}

/**
 * The one render pipeline behind `buildAgentSystemPrompt`: copy and validate the input, compile
 * its stable part, then render its own volatile facts. Nothing is frozen: the compiled state
 * lives for this one call.
 */
export function renderAgentSystemPrompt(input: AgentSystemPromptInput): RenderedPrompt {
  const own = copyStableInput(input);
  // Validation in the order `validateAgentSystemPromptInput` runs it: the stable part first.
  const stableMarks = checkStableInput(own);
  const given = input.volatile;
  const volatile = given === undefined ? undefined : copyVolatileFacts(given);
  const volatileMarks = volatile !== undefined && checkVolatileFacts(volatile);
  const core = compileCore(own, stableMarks);
  return renderTurn(core, own, volatile, core.stableSections, volatileMarks);
}

class CompiledPrompt implements CompiledAgentSystemPrompt {
  readonly mode: PromptMode;
  readonly stablePrefix: string;
  readonly stableSections: readonly RenderedSection[];
  readonly #core: CompiledCore;
  readonly #stable: StableAgentSystemPromptInput;

  constructor(core: CompiledCore, stable: StableAgentSystemPromptInput) {
    this.mode = core.mode;
    this.stablePrefix = core.stablePrefix;
    // A frozen copy for callers; turns copy the private array (slicing a frozen array is slow).
    this.stableSections = Object.freeze(core.stableSections.slice());
    this.#core = core;
    this.#stable = stable;
    Object.freeze(this);
  }

  render(volatile?: VolatileFacts): RenderedPrompt {
    const core = this.#core;
    if (volatile === undefined) {
      return renderTurn(core, this.#stable, undefined, core.stableSections.slice(), false);
    }
    const facts = copyVolatileFacts(volatile);
    const marks = checkVolatileFacts(facts);
    // The facts travel beside the stable input (the sections' context has both), so a turn
    // copies nothing of the stable input.
    return renderTurn(core, this.#stable, facts, core.stableSections.slice(), marks);
  }
}

/**
 * A table row as one mode renders it, with its heading line resolved once. The fields a render
 * reads are copied from the row, so the hot loops read one object shape only.
 */
interface PlannedRow {
  readonly id: string;
  readonly cache: SectionTableRow["cache"];
  readonly render: SectionTableRow["render"];
  /** Wrap the section in the runtime-tail markers. */
  readonly runtimeTail: boolean;
  readonly heading: string;
  /** `## <heading>\n`, or "" for rows without a heading line. */
  readonly headingLine: string;
  /**
   * Compact size: the heading line a headless row prints anyway when it follows a section that
   * frames caller text, so that text never runs into the next rule; "" otherwise.
   */
  readonly fallbackHeadingLine: string;
  /** Compact size: the row keeps its heading because its body is caller text. */
  readonly framesCallerText: boolean;
  /** The body quotes caller text: projected as an inbound message (`projectCallerText`). */
  readonly projectsCallerText: boolean;
}

/** The rows one mode renders, split at the cache boundary. */
interface ModePlan {
  readonly stable: readonly PlannedRow[];
  readonly volatile: readonly PlannedRow[];
}

function planMode(mode: PromptMode, size: PromptSize, rows: readonly SectionTableRow[]): ModePlan {
  const stable: PlannedRow[] = [];
  const volatile: PlannedRow[] = [];
  for (const row of rows) {
    if (!row.modes.includes(mode)) continue;
    const heading =
      mode === "minimal" && row.minimalHeading !== undefined ? row.minimalHeading : row.heading;
    const line = `## ${heading}\n`;
    const compact = size === "compact" && row.headingInText;
    const planned: PlannedRow = {
      id: row.id,
      cache: row.cache,
      render: row.render,
      runtimeTail: row.runtimeTail === true,
      heading,
      headingLine: (compact ? row.compactHeadingInText : row.headingInText) ? line : "",
      fallbackHeadingLine: compact && !row.compactHeadingInText ? line : "",
      framesCallerText: compact && row.compactHeadingInText,
      projectsCallerText: row.projectsCallerText === true,
    };
    (row.cache === "stable" ? stable : volatile).push(planned);
  }
  // Not frozen: V8 iterates frozen arrays on a slower path, and these never leave the module.
  return { stable, volatile };
}

// Derived once from the constant table (not a cache: it never depends on input), so a mode
// never even visits the rows it drops.
const PLANS: Readonly<Record<PromptSize, Readonly<Record<PromptMode, ModePlan>>>> = Object.freeze({
  full: Object.freeze({
    full: planMode("full", "full", SECTION_TABLE),
    minimal: planMode("minimal", "full", SECTION_TABLE),
    none: planMode("none", "full", SECTION_TABLE),
  }),
  compact: Object.freeze({
    full: planMode("full", "compact", SECTION_TABLE),
    minimal: planMode("minimal", "compact", SECTION_TABLE),
    none: planMode("none", "compact", SECTION_TABLE),
  }),
});

/** The profile's marker strings, resolved once per compile. */
interface Markers {
  /** `<!-- WORD_`: the start of every marker; caller text spelling it gets defused. */
  readonly prefix: string;
  /**
   * `!-- WORD_`, what the look-alike search looks for: every `prefix` holds it, and V8 searches
   * far faster for a rare first character than for `<`, which XML-like skill lists are full of.
   * A hit without the `<` only costs the defusing pass, which then changes nothing.
   */
  readonly needle: string;
  /** `<!-- (quoted) WORD_`: what a defused look-alike reads. */
  readonly quoted: string;
  /** The boundary marker, newlines included. */
  readonly boundary: string;
  /** Runtime-tail BEGIN line plus newline, and newline plus END line. */
  readonly tailBegin: string;
  readonly tailEnd: string;
}

function resolveMarkers(profile: ProductProfile): Markers {
  const tail = formatRuntimeTailMarkers(profile);
  return {
    prefix: `<!-- ${profile.delimiterWord}_`,
    needle: `!-- ${profile.delimiterWord}_`,
    quoted: `<!-- (quoted) ${profile.delimiterWord}_`,
    boundary: formatCacheBoundaryMarker(profile),
    tailBegin: `${tail.begin}\n`,
    tailEnd: `\n${tail.end}`,
  };
}

/** Everything a turn needs besides its volatile facts. */
interface CompiledCore {
  readonly mode: PromptMode;
  readonly profile: ProductProfile;
  readonly toolNames: readonly string[];
  readonly markers: Markers;
  readonly volatileRows: readonly PlannedRow[];
  /**
   * True when some stable string could spell a marker start (or a registry adds text the
   * validator cannot vouch for): every side's output is then searched for look-alikes. Volatile
   * rows may print stable strings too (a provider's dynamic suffix), hence every side.
   */
  readonly stableMarks: boolean;
  /** The stable sections joined, without the newline that ends the prefix. */
  readonly stableText: string;
  readonly stablePrefix: string;
  /** The stable prefix and the boundary marker line: every turn's text up to its volatile part. */
  readonly head: string;
  readonly stableSections: RenderedSection[];
  readonly hook: ((text: string) => string) | undefined;
}

function compileCore(input: StableAgentSystemPromptInput, stableMarks: boolean): CompiledCore {
  // The stable side never sees per-turn facts, whatever the input carries.
  const context = createSectionRenderContext(input);
  const { mode, profile, toolNames } = context;
  const size = input.size ?? "full";
  const markers = resolveMarkers(profile);
  // A registry gives this compile its own plan; without one the precomputed plans serve.
  const plan =
    input.sections === undefined
      ? PLANS[size][mode]
      : planMode(mode, size, resolveSectionRows(input.sections));
  // Custom sections and replacements print text the validator cannot vouch for: search always.
  const search = stableMarks || input.sections !== undefined;
  const stableSections: RenderedSection[] = [];
  const stableText = renderSide(plan.stable, context, markers, stableSections, search, false);
  const stablePrefix = stableText + "\n";
  return {
    mode,
    profile,
    toolNames,
    markers,
    volatileRows: plan.volatile,
    stableMarks: search,
    stableText,
    stablePrefix,
    head: stablePrefix + markers.boundary,
    stableSections,
    hook: input.beforePromptBuild,
  };
}

/**
 * Renders one turn on top of a compiled core; `sections` already holds the stable sections, and
 * `volatileMarks` says whether some per-turn fact could spell a marker start.
 */
function renderTurn(
  core: CompiledCore,
  input: StableAgentSystemPromptInput,
  volatile: VolatileFacts | undefined,
  sections: RenderedSection[],
  volatileMarks: boolean,
): RenderedPrompt {
  const { mode, profile, markers } = core;
  let text: string;
  let boundary: number;
  if (mode === "none") {
    text = core.stablePrefix;
    boundary = -1;
  } else {
    const context: SectionRenderContext = {
      input,
      volatile,
      mode,
      profile,
      toolNames: core.toolNames,
    };
    const search = volatileMarks || core.stableMarks;
    // The per-turn side may follow caller text (the workspace files end the stable side in
    // minimal mode), and never looks at the stable side: its first section always has a heading.
    const volatileText = renderSide(core.volatileRows, context, markers, sections, search, true);
    // One blank line on each side of the marker line: stripping it leaves the normal spacing.
    text = volatileText === "" ? core.head : core.head + "\n" + volatileText + "\n";
    boundary = core.stableText.length + 1;
  }
  if (core.hook !== undefined) {
    const hooked = applyLegacyHook(core.hook, text);
    if (mode === "none") {
      text = stripCacheBoundary(hooked, profile);
    } else {
      text = ensureCacheBoundary(hooked, profile);
      boundary = text.indexOf(markers.boundary);
    }
  }
  return { text, sections, boundary };
}

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
function renderSide(
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
