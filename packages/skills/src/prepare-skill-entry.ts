// One skill's `<skill>` entry: its escaped parts, measured once, and the cap the budget ladder
// gives its description.
import {
  cleanEscapedLength,
  escapeXml,
  escapedLength,
  normalizeInline,
  normalizePath,
  toDisplayPath,
} from "./format-skill-entry-text.js";
import type { FormattableSkill } from "./skills-listing-types.js";

export const OPEN = "<available_skills>\n";
export const CLOSE = "</available_skills>";
export const SKILL_OPEN = "  <skill>\n";
export const SKILL_CLOSE = "  </skill>\n";
export const NAME_OPEN = "    <name>";
export const NAME_CLOSE = "</name>\n";
export const DESCRIPTION_OPEN = "    <description>";
export const DESCRIPTION_CLOSE = "</description>\n";
const LOCATION_OPEN = "    <location>";
const LOCATION_CLOSE = "</location>\n";
export const ELLIPSIS = "\u2026";
const COMPACT_OVERHEAD =
  SKILL_OPEN.length +
  NAME_OPEN.length +
  NAME_CLOSE.length +
  LOCATION_OPEN.length +
  LOCATION_CLOSE.length +
  SKILL_CLOSE.length;
export const DESCRIPTION_OVERHEAD = DESCRIPTION_OPEN.length + DESCRIPTION_CLOSE.length;
/** Description cap meaning "as written". */
export const FULL = Number.POSITIVE_INFINITY;
/** Description cap meaning "no description" (compact entry). */
export const NONE = 0;

export interface PreparedEntry {
  readonly nameXml: string;
  /** Description after whitespace collapsing, not yet escaped. */
  readonly description: string;
  readonly descriptionXmlLength: number;
  /** The location line plus the optional version line, escaped. */
  readonly tailXml: string;
  /** `tailXml` holds a version line. */
  readonly versioned: boolean;
  readonly compactLength: number;
  /** Rank group (0 = kept longest) of the description ladder; -1 for `name-only`. */
  readonly group: number;
}

/**
 * Which description cap each entry gets: groups above `group` keep theirs as written, group
 * `group` gets `cap` (`FULL`, a character cap, or `NONE`), lower groups and `name-only` entries
 * none.
 */
export interface LadderState {
  readonly group: number;
  readonly cap: number;
}

export const capOf = (entry: PreparedEntry, state: LadderState): number =>
  entry.group < 0 || entry.group > state.group
    ? NONE
    : entry.group < state.group
      ? FULL
      : state.cap;

/** A skill measured for the ladder: escaped once, its compact length known. */
export function prepareEntry(
  skill: FormattableSkill,
  home: string | undefined,
  versionMarkers: boolean,
  group: number,
): PreparedEntry {
  const nameXml = escapeXml(normalizeInline(skill.name));
  // One pass over the description answers both questions for the common, clean case.
  let description = skill.description;
  let descriptionXmlLength = cleanEscapedLength(description);
  if (descriptionXmlLength < 0) {
    description = normalizeInline(description);
    descriptionXmlLength = escapedLength(description);
  }
  let tailXml =
    LOCATION_OPEN + escapeXml(normalizePath(toDisplayPath(skill.path, home))) + LOCATION_CLOSE;
  const versioned = versionMarkers && skill.contentHash !== undefined && skill.contentHash !== "";
  if (versioned) {
    tailXml += `    <version>sha256:${escapeXml(normalizeInline(skill.contentHash ?? ""))}</version>\n`;
  }
  return {
    nameXml,
    description,
    descriptionXmlLength,
    tailXml,
    versioned,
    compactLength:
      COMPACT_OVERHEAD -
      LOCATION_OPEN.length -
      LOCATION_CLOSE.length +
      nameXml.length +
      tailXml.length,
    group,
  };
}
