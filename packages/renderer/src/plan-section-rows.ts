// The section table planned per mode and size (once, from the constant table), and the marker
// strings of a profile.
import type { ProductProfile } from "@promptstack/core";
import {
  formatCacheBoundaryMarker,
  formatRuntimeTailMarkers,
} from "./format-cache-boundary-marker.js";
import { SECTION_TABLE } from "./section-table.js";
import type { SectionTableRow } from "./section-table-row.js";
import type { PromptMode, PromptSize } from "./types.js";

/**
 * A table row as one mode renders it, with its heading line resolved once. The fields a render
 * reads are copied from the row, so the hot loops read one object shape only.
 */
export interface PlannedRow {
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
export interface ModePlan {
  readonly stable: readonly PlannedRow[];
  readonly volatile: readonly PlannedRow[];
}

export function planMode(
  mode: PromptMode,
  size: PromptSize,
  rows: readonly SectionTableRow[],
): ModePlan {
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
export const PLANS: Readonly<Record<PromptSize, Readonly<Record<PromptMode, ModePlan>>>> =
  Object.freeze({
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
export interface Markers {
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

export function resolveMarkers(profile: ProductProfile): Markers {
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
