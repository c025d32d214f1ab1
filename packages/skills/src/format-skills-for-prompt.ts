import { SkillsError } from "./skills-error.js";

/** The fields the formatter reads from a skill. */
export interface FormattableSkill {
  readonly name: string;
  readonly description: string;
  /** Absolute path of SKILL.md. */
  readonly path: string;
  /** Hex sha256 of SKILL.md, shown only with `versionMarkers`. */
  readonly contentHash?: string;
}

/** Limits and presentation choices for `formatSkillsForPrompt`. */
export interface FormatSkillsOptions {
  /** Most skills listed; the rest are named in the note. Default 150. */
  readonly maxSkills?: number;
  /** Budget for the whole text in UTF-16 code units (`text.length`). Default 18000. */
  readonly maxChars?: number;
  /** Adds the legacy `<version>sha256:...</version>` line per skill. Default false. */
  readonly versionMarkers?: boolean;
  /** Paths under this directory are shown as `~/...`. */
  readonly homeDir?: string;
}

/** How the listed entries were rendered: the degradation step that fit the budget. */
export type SkillsPromptFormat = "full" | "shortened" | "compact" | "truncated";

/** The formatted list and what it holds. */
export interface FormattedSkillsPrompt {
  /** The `<available_skills>` block plus, when some skills are left out, a one-line note. */
  readonly text: string;
  /** Names listed, in listed order, exactly as given (the text shows them normalized). */
  readonly included: string[];
  /** Each listed skill's `<skill>…</skill>` entry as it appears in `text`, parallel to `included`. */
  readonly entries: string[];
  /** Names left out (by `maxSkills` or by the budget), sorted by name, exactly as given. */
  readonly omitted: string[];
  readonly format: SkillsPromptFormat;
  /** `text.length`; never above `maxChars`. */
  readonly chars: number;
}

/** Default `maxSkills`. */
export const DEFAULT_MAX_SKILLS_IN_PROMPT = 150;
/** Default `maxChars`. */
export const DEFAULT_MAX_SKILLS_PROMPT_CHARS = 18000;
/** Below this many characters a shortened description says too little; the ladder moves on. */
export const MIN_SHORTENED_DESCRIPTION_CHARS = 16;

const OPEN = "<available_skills>\n";
const CLOSE = "</available_skills>";
const SKILL_OPEN = "  <skill>\n";
const SKILL_CLOSE = "  </skill>\n";
const NAME_OPEN = "    <name>";
const NAME_CLOSE = "</name>\n";
const DESCRIPTION_OPEN = "    <description>";
const DESCRIPTION_CLOSE = "</description>\n";
const LOCATION_OPEN = "    <location>";
const LOCATION_CLOSE = "</location>\n";
const ELLIPSIS = "\u2026";
const COMPACT_OVERHEAD =
  SKILL_OPEN.length +
  NAME_OPEN.length +
  NAME_CLOSE.length +
  LOCATION_OPEN.length +
  LOCATION_CLOSE.length +
  SKILL_CLOSE.length;
const DESCRIPTION_OVERHEAD = DESCRIPTION_OPEN.length + DESCRIPTION_CLOSE.length;

interface PreparedEntry {
  readonly nameXml: string;
  /** Description after whitespace collapsing, not yet escaped. */
  readonly description: string;
  readonly descriptionXmlLength: number;
  /** The location line plus the optional version line, escaped. */
  readonly tailXml: string;
  readonly compactLength: number;
}

/**
 * Formats skills as the `<available_skills>` block within a character budget. Pure and
 * deterministic: skills are sorted by name, then the first step of the ladder that fits wins:
 * full, descriptions shortened to one uniform cap, names and locations only, fewer skills.
 */
export function formatSkillsForPrompt(
  skills: readonly FormattableSkill[],
  options: FormatSkillsOptions = {},
): FormattedSkillsPrompt {
  const maxSkills = readLimit(options.maxSkills, DEFAULT_MAX_SKILLS_IN_PROMPT, "maxSkills");
  const maxChars = readLimit(options.maxChars, DEFAULT_MAX_SKILLS_PROMPT_CHARS, "maxChars");
  if (skills.length === 0) {
    return { text: "", included: [], entries: [], omitted: [], format: "full", chars: 0 };
  }

  const sorted = [...skills].sort(compareSkills);
  const total = sorted.length;
  const listed = sorted.slice(0, maxSkills);
  const home = options.homeDir === undefined ? undefined : trimTrailingSeparators(options.homeDir);
  const entries = listed.map((skill) => prepareEntry(skill, home, options.versionMarkers === true));
  const allNames = sorted.map((skill) => skill.name);
  const fixed = OPEN.length + CLOSE.length;

  let compactSum = 0;
  let fullSum = 0;
  let longestDescription = 0;
  for (const entry of entries) {
    compactSum += entry.compactLength;
    fullSum += entry.compactLength + DESCRIPTION_OVERHEAD + entry.descriptionXmlLength;
    if (entry.description.length > longestDescription)
      longestDescription = entry.description.length;
  }
  const minimalNote = (count: number): number =>
    count === total ? 0 : 1 + countsNote(count, total).length;
  const budgetForBlock = maxChars - minimalNote(entries.length);

  if (fixed + fullSum <= budgetForBlock) {
    return finish(entries, entries.length, { kind: "full" }, "full", allNames, maxChars);
  }

  if (longestDescription > MIN_SHORTENED_DESCRIPTION_CHARS) {
    // Escape positions are only worth computing once the lowest cap fits: most long lists
    // skip this step, so its first probe scans just the first `cap` characters of each.
    let positions: Int32Array[] | undefined;
    const lengthAtCap = (cap: number): number => {
      let sum = fixed + compactSum + entries.length * DESCRIPTION_OVERHEAD;
      for (let index = 0; index < entries.length; index += 1) {
        const entry = entries[index] as PreparedEntry;
        if (entry.description.length <= cap) {
          sum += entry.descriptionXmlLength;
        } else {
          const cut = surrogateSafeCut(entry.description, cap - 1);
          sum +=
            positions === undefined
              ? escapedLength(entry.description, cut)
              : escapedPrefixLength(entry.description, positions[index] as Int32Array, cut);
          sum += ELLIPSIS.length;
        }
      }
      return sum;
    };
    let low = MIN_SHORTENED_DESCRIPTION_CHARS;
    let high = longestDescription - 1;
    if (lengthAtCap(low) <= budgetForBlock) {
      positions = entries.map((entry) => escapePositions(entry.description));
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (lengthAtCap(middle) <= budgetForBlock) low = middle;
        else high = middle - 1;
      }
      return finish(
        entries,
        entries.length,
        { kind: "shortened", cap: low },
        "shortened",
        allNames,
        maxChars,
      );
    }
  }

  if (fixed + compactSum <= budgetForBlock) {
    return finish(entries, entries.length, { kind: "compact" }, "compact", allNames, maxChars);
  }

  // Fewer skills: the largest prefix (by name) whose compact block plus a counts note fits.
  let count = -1;
  let running = fixed;
  for (let index = 0; index <= entries.length; index += 1) {
    if (running + minimalNote(index) > maxChars) break;
    count = index;
    if (index < entries.length) running += (entries[index] as PreparedEntry).compactLength;
  }
  if (count < 0) {
    return {
      text: "",
      included: [],
      entries: [],
      omitted: allNames,
      format: "truncated",
      chars: 0,
    };
  }
  return finish(entries, count, { kind: "compact" }, "truncated", allNames, maxChars);
}

type DescriptionMode =
  | { readonly kind: "full" }
  | { readonly kind: "shortened"; readonly cap: number }
  | { readonly kind: "compact" };

function finish(
  entries: readonly PreparedEntry[],
  count: number,
  mode: DescriptionMode,
  format: SkillsPromptFormat,
  allNames: readonly string[],
  maxChars: number,
): FormattedSkillsPrompt {
  const parts: string[] = [OPEN];
  const included: string[] = [];
  const entryTexts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const entry = entries[index] as PreparedEntry;
    included.push(allNames[index] as string);
    let entryText = SKILL_OPEN + NAME_OPEN + entry.nameXml + NAME_CLOSE;
    if (mode.kind !== "compact") {
      const description =
        mode.kind === "shortened" && entry.description.length > mode.cap
          ? entry.description.slice(0, surrogateSafeCut(entry.description, mode.cap - 1)) + ELLIPSIS
          : entry.description;
      entryText += DESCRIPTION_OPEN + escapeXml(description) + DESCRIPTION_CLOSE;
    }
    entryText += entry.tailXml + SKILL_CLOSE;
    // The entry without its closing line break, as a reader would quote it.
    entryTexts.push(entryText.slice(0, -1));
    parts.push(entryText);
  }
  parts.push(CLOSE);
  let text = parts.join("");
  const omitted = allNames.slice(count);
  if (omitted.length > 0) {
    const counts = `\n${countsNote(count, allNames.length)}`;
    // Stop escaping names as soon as the list cannot fit: most budgets cut it short.
    let remaining = maxChars - text.length - counts.length - NOT_LISTED.length - 1;
    const shown: string[] = [];
    for (const name of omitted) {
      const escaped = escapeXml(normalizeInline(name));
      remaining -= escaped.length + (shown.length === 0 ? 0 : 2);
      if (remaining < 0) break;
      shown.push(escaped);
    }
    text += remaining >= 0 ? `${counts}${NOT_LISTED}${shown.join(", ")}.` : counts;
  }
  return { text, included, entries: entryTexts, omitted, format, chars: text.length };
}

const NOT_LISTED = " Not listed: ";

function countsNote(listed: number, total: number): string {
  return `Skills listed: ${listed} of ${total}.`;
}

function prepareEntry(
  skill: FormattableSkill,
  home: string | undefined,
  versionMarkers: boolean,
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
  if (versionMarkers && skill.contentHash !== undefined && skill.contentHash !== "") {
    tailXml += `    <version>sha256:${escapeXml(normalizeInline(skill.contentHash))}</version>\n`;
  }
  return {
    nameXml,
    description,
    descriptionXmlLength,
    tailXml,
    compactLength:
      COMPACT_OVERHEAD -
      LOCATION_OPEN.length -
      LOCATION_CLOSE.length +
      nameXml.length +
      tailXml.length,
  };
}

// Total order over every rendered field, so input order never changes the output.
function compareSkills(left: FormattableSkill, right: FormattableSkill): number {
  return (
    compareStrings(left.name, right.name) ||
    compareStrings(left.path, right.path) ||
    compareStrings(left.description, right.description) ||
    compareStrings(left.contentHash ?? "", right.contentHash ?? "")
  );
}

function compareStrings(left: string, right: string): number {
  return left === right ? 0 : left < right ? -1 : 1;
}

function readLimit(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) {
    throw new SkillsError(
      "SKILLS_BAD_OPTIONS",
      `formatSkillsForPrompt: \`${field}\` must be a non-negative integer, got ${String(value)}.`,
      { path: field, hint: `Pass a whole number such as ${fallback}, or omit it for the default.` },
    );
  }
  return value;
}

const XML_INVALID =
  // oxlint-disable-next-line no-control-regex -- XML 1.0 forbids these characters; matching them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Whitespace other than the ASCII space, double spaces, controls, surrogates and non-characters:
 * what `normalizeInline` and `normalizePath` rewrite. One pass over the char codes; a regular
 * expression with the double-space alternative tried both branches at every position and was
 * the largest cost of formatting a long list.
 */
function needsInlineWork(value: string): boolean {
  let previous = 0;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || (code === 0x20 && previous === 0x20)) return true;
    if (code >= 0xa0 && isSpecialAbove7F(code)) return true;
    previous = code;
  }
  return false;
}

function isSpecialAbove7F(code: number): boolean {
  return (
    code === 0x00a0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff ||
    (code >= 0xd800 && code <= 0xdfff) ||
    code === 0xfffe ||
    code === 0xffff
  );
}

const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

/** Collapses whitespace runs (newlines included) to one space and replaces XML-invalid characters with U+FFFD. */
export function normalizeInline(value: string): string {
  if (!needsInlineWork(value) && value[0] !== " " && value[value.length - 1] !== " ") {
    return value;
  }
  return value.replace(XML_INVALID, "\uFFFD").replace(/\s+/g, " ").trim();
}

// Paths keep their spaces; only characters that cannot stay on one XML line are replaced.
function normalizePath(value: string): string {
  if (!needsInlineWork(value)) return value;
  return value.replace(XML_INVALID, "\uFFFD").replace(LINE_BREAKS, " ");
}

function trimTrailingSeparators(dir: string): string {
  let end = dir.length;
  while (end > 1 && (dir[end - 1] === "/" || dir[end - 1] === "\\")) end -= 1;
  return dir.slice(0, end);
}

function toDisplayPath(filePath: string, home: string | undefined): string {
  if (home === undefined || home === "" || home === "/" || home === "\\") return filePath;
  if (filePath === home) return "~";
  if (filePath.startsWith(home)) {
    const next = filePath[home.length];
    if (next === "/" || next === "\\") return `~${filePath.slice(home.length)}`;
  }
  return filePath;
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const NEEDS_ESCAPE = /[&<>"']/;

/** Escapes `& < > " '` as the five predefined XML entities. */
export function escapeXml(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] as string);
}

function escapedUnitLength(code: number): number {
  return code < 0x80 ? 1 + (ESCAPE_GROWTH[code] as number) : 1;
}

/** Extra units each ASCII character gains when escaped (`&` becomes 5 units, ...). */
const ESCAPE_GROWTH = new Uint8Array(128);
ESCAPE_GROWTH[38] = 4;
ESCAPE_GROWTH[60] = 3;
ESCAPE_GROWTH[62] = 3;
ESCAPE_GROWTH[34] = 5;
ESCAPE_GROWTH[39] = 5;

/** `escapedLength(value)` when `normalizeInline` would keep `value` as it is, else -1. */
function cleanEscapedLength(value: string): number {
  const last = value.length - 1;
  if (last < 0) return 0;
  if (value.charCodeAt(0) === 0x20 || value.charCodeAt(last) === 0x20) return -1;
  let length = value.length;
  let previous = 0;
  for (let index = 0; index <= last; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x80) {
      if (code < 0x20 || (code === 0x20 && previous === 0x20)) return -1;
      length += ESCAPE_GROWTH[code] as number;
    } else if (code >= 0xa0 && isSpecialAbove7F(code)) {
      return -1;
    }
    previous = code;
  }
  return length;
}

// Escaped length of value.slice(0, end) (of all of value by default).
function escapedLength(value: string, end = value.length): number {
  let length = end;
  if (end === value.length && !NEEDS_ESCAPE.test(value)) return length;
  for (let index = 0; index < end; index += 1) {
    length += escapedUnitLength(value.charCodeAt(index)) - 1;
  }
  return length;
}

// Positions of characters that escape to more than one unit; empty for most descriptions.
function escapePositions(value: string): Int32Array {
  if (!NEEDS_ESCAPE.test(value)) return EMPTY_POSITIONS;
  const positions: number[] = [];
  for (let index = 0; index < value.length; index += 1) {
    if (escapedUnitLength(value.charCodeAt(index)) > 1) positions.push(index);
  }
  return Int32Array.from(positions);
}
const EMPTY_POSITIONS = new Int32Array(0);

// Escaped length of value.slice(0, cut), given the escape positions of value.
function escapedPrefixLength(value: string, positions: Int32Array, cut: number): number {
  let length = cut;
  for (let index = 0; index < positions.length; index += 1) {
    const position = positions[index] as number;
    if (position >= cut) break;
    length += escapedUnitLength(value.charCodeAt(position)) - 1;
  }
  return length;
}

// Never split a surrogate pair: step back when the cut would keep only the high half.
function surrogateSafeCut(value: string, cut: number): number {
  if (cut <= 0) return 0;
  const code = value.charCodeAt(cut - 1);
  return code >= 0xd800 && code <= 0xdbff ? cut - 1 : cut;
}
