import { SkillsError } from "./skills-error.js";
import {
  cleanEscapedLength,
  escapePositions,
  escapeXml,
  escapedLength,
  escapedPrefixLength,
  normalizeInline,
  normalizePath,
  surrogateSafeCut,
  toDisplayPath,
  trimTrailingSeparators,
} from "./format-skill-entry-text.js";

/**
 * How a skill is listed, from `skills.entries.<key>.listing`: `pinned` skills are listed first
 * and keep their description longest; `normal` skills follow the budget ladder; `name-only`
 * skills are listed without a description; `manual` skills are never listed (a user names them).
 */
export type SkillListing = "pinned" | "normal" | "name-only" | "manual";

/** Every `SkillListing`, in rank order. */
export const SKILL_LISTINGS: readonly SkillListing[] = ["pinned", "normal", "name-only", "manual"];

/** The fields the formatter reads from a skill. */
export interface FormattableSkill {
  readonly name: string;
  readonly description: string;
  /** Absolute path of SKILL.md. */
  readonly path: string;
  /** Hex sha256 of SKILL.md, shown only with `versionMarkers`. */
  readonly contentHash?: string;
  /** How the skill is listed. Default `normal`. */
  readonly listing?: SkillListing;
  /**
   * Who keeps the longer form when the budget is short: within a listing class, a higher
   * priority is degraded later and omitted later. Any finite number; default 0.
   */
  readonly priority?: number;
}

/** Limits and presentation choices for `formatSkillsForPrompt`. */
export interface FormatSkillsOptions {
  /** Most skills listed (pinned ones first, then by priority); the rest are named in the note. Default 150. */
  readonly maxSkills?: number;
  /** Budget for the whole text in UTF-16 code units (`text.length`). Default 18000. */
  readonly maxChars?: number;
  /**
   * Adds the legacy `<version>sha256:...</version>` line per skill, and above the list a one-line
   * rule to read a skill's SKILL.md again when its version changed. Default false.
   */
  readonly versionMarkers?: boolean;
  /** Paths under this directory are shown as `~/...`. */
  readonly homeDir?: string;
}

/** How the listed entries were rendered: the degradation step that fit the budget. */
export type SkillsPromptFormat = "full" | "shortened" | "compact" | "truncated";

/**
 * What became of one skill: its entry's form (`full`, `shortened` with an ellipsis, `compact`
 * without a description), `omitted` (named in the note only), or `manual` (held back by config).
 */
export type SkillListingForm = "full" | "shortened" | "compact" | "omitted" | "manual";

/** Why a skill is not listed in full: the character budget, `maxSkills`, or its `listing`. */
export type SkillListingCause = "budget" | "max-skills" | "listing";

/** One skill's listing config and what the formatter did with it. */
export interface SkillListingOutcome {
  /** The name exactly as given. */
  readonly name: string;
  readonly listing: SkillListing;
  readonly priority: number;
  readonly form: SkillListingForm;
  /** Set whenever `form` is not `full`. */
  readonly cause?: SkillListingCause;
}

/** The formatted list and what it holds. */
export interface FormattedSkillsPrompt {
  /**
   * The `<available_skills>` block plus, when some skills are left out, a one-line note; with
   * `versionMarkers` and a listed version, the one-line re-read rule (`SKILL_VERSION_RULE`) first.
   */
  readonly text: string;
  /** Names listed, in listed order, exactly as given (the text shows them normalized). */
  readonly included: string[];
  /** Each listed skill's `<skill>…</skill>` entry as it appears in `text`, parallel to `included`. */
  readonly entries: string[];
  /** Names left out (by `maxSkills` or by the budget), sorted by name, exactly as given; never `manual` ones. */
  readonly omitted: string[];
  readonly format: SkillsPromptFormat;
  /** `text.length`; never above `maxChars`. */
  readonly chars: number;
  /** One outcome per input skill, `manual` ones included, sorted as the list is (by name). */
  readonly skills: SkillListingOutcome[];
}

/** Default `maxSkills`. */
export const DEFAULT_MAX_SKILLS_IN_PROMPT = 150;
/** Default `maxChars`. */
export const DEFAULT_MAX_SKILLS_PROMPT_CHARS = 18000;
/** Below this many characters a shortened description says too little; the ladder moves on. */
export const MIN_SHORTENED_DESCRIPTION_CHARS = 16;

/**
 * The line above the list when entries carry `<version>`: the marker is useless unless the model
 * knows a changed version means a changed SKILL.md.
 */
export const SKILL_VERSION_RULE =
  "When a skill's <version> differs from the one you last read, its SKILL.md has changed: read it again before following it.\n";
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
/** Description cap meaning "as written". */
const FULL = Number.POSITIVE_INFINITY;
/** Description cap meaning "no description" (compact entry). */
const NONE = 0;

interface PreparedEntry {
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
interface LadderState {
  readonly group: number;
  readonly cap: number;
}

const capOf = (entry: PreparedEntry, state: LadderState): number =>
  entry.group < 0 || entry.group > state.group
    ? NONE
    : entry.group < state.group
      ? FULL
      : state.cap;

/**
 * Formats skills as the `<available_skills>` block within a character budget. Pure and
 * deterministic: `manual` skills are held back, the rest are listed sorted by name, and the
 * first step of the ladder that fits wins: full, descriptions shortened to one uniform cap,
 * names and locations only, fewer skills. With listing config, the ladder degrades one rank
 * group at a time (pinned above all others, then higher priority above lower): the lowest group
 * is shortened, then made compact, before the next one is touched, and omission drops the
 * lowest-ranked non-pinned skills first. `name-only` skills are always compact.
 */
export function formatSkillsForPrompt(
  skills: readonly FormattableSkill[],
  options: FormatSkillsOptions = {},
): FormattedSkillsPrompt {
  const maxSkills = readLimit(options.maxSkills, DEFAULT_MAX_SKILLS_IN_PROMPT, "maxSkills");
  const maxChars = readLimit(options.maxChars, DEFAULT_MAX_SKILLS_PROMPT_CHARS, "maxChars");
  if (skills.length === 0) {
    return {
      text: "",
      included: [],
      entries: [],
      omitted: [],
      format: "full",
      chars: 0,
      skills: [],
    };
  }

  const sorted = [...skills].sort(compareSkills);
  // Listing config, validated once. Without any, every order below is the name order.
  const priorityOf = new Float64Array(sorted.length);
  let ranked = false;
  for (let index = 0; index < sorted.length; index += 1) {
    const skill = sorted[index] as FormattableSkill;
    const priority = readPriority(skill);
    if (readListing(skill) !== "normal" || priority !== 0) ranked = true;
    priorityOf[index] = priority;
  }
  // Indices into `sorted`: candidates (not manual) in name order and in rank order, and each
  // one's rank bucket (one per class and priority, 0 = ranked highest).
  let candidates: number[];
  let keep: number[];
  let bucketOf: Int32Array | undefined;
  if (ranked) {
    ({ candidates, keep, bucketOf } = rankSkills(sorted, priorityOf));
  } else {
    candidates = sorted.map((_, index) => index);
    keep = candidates;
  }
  const total = candidates.length;
  if (total === 0) {
    // Every skill is manual: nothing to list, as with no skills at all.
    return finish({
      sorted,
      priorityOf,
      candidates,
      keep,
      listed: [],
      entries: [],
      state: { group: 0, cap: NONE },
      format: "full",
      count: -1,
      maxChars: 0,
      preamble: "",
    });
  }
  const listed = ranked
    ? toNameOrder(keep.slice(0, maxSkills), sorted.length)
    : keep.slice(0, maxSkills);
  const home = options.homeDir === undefined ? undefined : trimTrailingSeparators(options.homeDir);
  const entries = listed.map((index) =>
    prepareEntry(
      sorted[index] as FormattableSkill,
      home,
      options.versionMarkers === true,
      bucketOf === undefined
        ? 0
        : (sorted[index] as FormattableSkill).listing === "name-only"
          ? -1
          : (bucketOf[index] as number),
    ),
  );
  // Buckets without listed members stay empty: their steps fit exactly when a neighbour's do.
  let groupCount = 1;
  if (bucketOf !== undefined) {
    groupCount = 0;
    for (const entry of entries) if (entry.group >= groupCount) groupCount = entry.group + 1;
  }
  // The rule travels with the markers wherever the list goes (system prompt or Codex instructions).
  const preamble = entries.some((entry) => entry.versioned) ? SKILL_VERSION_RULE : "";
  const fixed = preamble.length + OPEN.length + CLOSE.length;
  const done = (
    state: LadderState,
    format: SkillsPromptFormat,
    count = entries.length,
  ): FormattedSkillsPrompt =>
    finish({
      sorted,
      priorityOf,
      candidates,
      keep,
      listed,
      entries,
      state,
      format,
      count,
      maxChars,
      preamble,
    });

  // Per-group sums, so each step costs only the entries of the group it degrades.
  const groupFull = new Float64Array(groupCount);
  const groupCompact = new Float64Array(groupCount);
  const groupLongest = new Float64Array(groupCount);
  const groupMembers: number[][] = Array.from({ length: groupCount }, () => []);
  let nameOnlySum = 0;
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index] as PreparedEntry;
    if (entry.group < 0) {
      nameOnlySum += entry.compactLength;
      continue;
    }
    const group = entry.group;
    groupCompact[group] = (groupCompact[group] as number) + entry.compactLength;
    groupFull[group] =
      (groupFull[group] as number) +
      entry.compactLength +
      DESCRIPTION_OVERHEAD +
      entry.descriptionXmlLength;
    (groupMembers[group] as number[]).push(index);
    if (entry.description.length > (groupLongest[group] as number))
      groupLongest[group] = entry.description.length;
  }
  const minimalNote = (count: number): number =>
    count === total ? 0 : 1 + countsNote(count, total).length;
  const budgetForBlock = maxChars - minimalNote(entries.length);

  let fullAbove = fixed + nameOnlySum;
  for (let group = 0; group < groupCount; group += 1) fullAbove += groupFull[group] as number;
  if (fullAbove <= budgetForBlock) return done({ group: groupCount, cap: FULL }, "full");

  // Degrade the lowest group first: shortened, then compact, then the next group up.
  let compactBelow = 0;
  // Escape positions are only worth computing once the lowest cap fits: most long lists
  // skip this step, so its first probe scans just the first `cap` characters of each.
  const positions: (Int32Array | undefined)[] = [];
  for (let group = groupCount - 1; group >= 0; group -= 1) {
    fullAbove -= groupFull[group] as number;
    if (
      group < groupCount - 1 &&
      fullAbove + (groupFull[group] as number) + compactBelow <= budgetForBlock
    ) {
      return done({ group, cap: FULL }, "shortened");
    }
    if ((groupLongest[group] as number) > MIN_SHORTENED_DESCRIPTION_CHARS) {
      const base =
        fullAbove +
        compactBelow +
        (groupCompact[group] as number) +
        (groupMembers[group] as number[]).length * DESCRIPTION_OVERHEAD;
      const members = groupMembers[group] as number[];
      let withPositions = false;
      const lengthAtCap = (cap: number): number => {
        let sum = base;
        for (const index of members) {
          const entry = entries[index] as PreparedEntry;
          if (entry.description.length <= cap) {
            sum += entry.descriptionXmlLength;
          } else {
            const cut = surrogateSafeCut(entry.description, cap - 1);
            sum += withPositions
              ? escapedPrefixLength(entry.description, positions[index] as Int32Array, cut)
              : escapedLength(entry.description, cut);
            sum += ELLIPSIS.length;
          }
        }
        return sum;
      };
      let low = MIN_SHORTENED_DESCRIPTION_CHARS;
      let high = (groupLongest[group] as number) - 1;
      if (lengthAtCap(low) <= budgetForBlock) {
        for (const index of members) {
          positions[index] = escapePositions((entries[index] as PreparedEntry).description);
        }
        withPositions = true;
        while (low < high) {
          const middle = Math.ceil((low + high) / 2);
          if (lengthAtCap(middle) <= budgetForBlock) low = middle;
          else high = middle - 1;
        }
        return done({ group, cap: low }, "shortened");
      }
    }
    compactBelow += groupCompact[group] as number;
  }

  if (fixed + nameOnlySum + compactBelow <= budgetForBlock) {
    return done({ group: 0, cap: NONE }, "compact");
  }

  // Fewer skills: the largest run in rank order (by name without listing config) whose
  // compact block plus a counts note fits.
  const entryOf = new Int32Array(sorted.length).fill(-1);
  for (let position = 0; position < listed.length; position += 1) {
    entryOf[listed[position] as number] = position;
  }
  let count = -1;
  let running = fixed;
  for (let index = 0; index <= entries.length; index += 1) {
    if (running + minimalNote(index) > maxChars) break;
    count = index;
    if (index < entries.length) {
      running += (entries[entryOf[keep[index] as number] as number] as PreparedEntry).compactLength;
    }
  }
  return done({ group: 0, cap: NONE }, "truncated", count);
}

/**
 * Orders the candidates (every skill but `manual` ones) by rank: pinned first, then higher
 * priority first, then by name. A bucket sort over the distinct (class, priority) pairs, so a
 * long list costs no comparator sort.
 */
function rankSkills(
  sorted: readonly FormattableSkill[],
  priorityOf: Float64Array,
): { candidates: number[]; keep: number[]; bucketOf: Int32Array } {
  const candidates: number[] = [];
  const buckets = [new Map<number, number[]>(), new Map<number, number[]>()];
  for (let index = 0; index < sorted.length; index += 1) {
    const listing = (sorted[index] as FormattableSkill).listing;
    if (listing === "manual") continue;
    candidates.push(index);
    const byPriority = buckets[listing === "pinned" ? 0 : 1] as Map<number, number[]>;
    const priority = priorityOf[index] as number;
    const bucket = byPriority.get(priority);
    if (bucket === undefined) byPriority.set(priority, [index]);
    else bucket.push(index);
  }
  const keep: number[] = [];
  const bucketOf = new Int32Array(sorted.length).fill(-1);
  let bucketIndex = 0;
  for (const byPriority of buckets) {
    for (const priority of [...byPriority.keys()].sort((left, right) => right - left)) {
      for (const index of byPriority.get(priority) as number[]) {
        keep.push(index);
        bucketOf[index] = bucketIndex;
      }
      bucketIndex += 1;
    }
  }
  return { candidates, keep, bucketOf };
}

/** The given indices into a list of `length`, ascending, without a comparator sort. */
function toNameOrder(indices: readonly number[], length: number): number[] {
  const marked = new Uint8Array(length);
  for (const index of indices) marked[index] = 1;
  const ordered: number[] = [];
  for (let index = 0; index < length; index += 1) if (marked[index] === 1) ordered.push(index);
  return ordered;
}

function readListing(skill: FormattableSkill): SkillListing {
  const listing = skill.listing;
  if (listing === undefined) return "normal";
  if (!SKILL_LISTINGS.includes(listing)) {
    throw new SkillsError(
      "SKILLS_BAD_OPTIONS",
      `formatSkillsForPrompt: skill "${skill.name}" has listing ${JSON.stringify(listing)}.`,
      {
        path: "listing",
        hint: `Use one of ${SKILL_LISTINGS.map((value) => `"${value}"`).join(", ")}.`,
      },
    );
  }
  return listing;
}

function readPriority(skill: FormattableSkill): number {
  const priority = skill.priority;
  if (priority === undefined) return 0;
  if (typeof priority !== "number" || !Number.isFinite(priority)) {
    throw new SkillsError(
      "SKILLS_BAD_OPTIONS",
      `formatSkillsForPrompt: skill "${skill.name}" has priority ${String(priority)}.`,
      { path: "priority", hint: "Use a finite number such as 10, or omit it for 0." },
    );
  }
  // -0 and 0 are one rank.
  return priority + 0;
}

interface FinishInput {
  readonly sorted: readonly FormattableSkill[];
  /** Priority of each of `sorted`, validated. */
  readonly priorityOf: Float64Array;
  readonly candidates: readonly number[];
  /** Candidates in rank order. */
  readonly keep: readonly number[];
  /** Candidates within `maxSkills`, in name order, parallel to `entries`. */
  readonly listed: readonly number[];
  readonly entries: readonly PreparedEntry[];
  readonly state: LadderState;
  readonly format: SkillsPromptFormat;
  /** How many entries, in rank order, are listed; -1: not even an empty list fits. */
  readonly count: number;
  readonly maxChars: number;
  /** Text above `<available_skills>` (the version rule), counted in `fixed`. */
  readonly preamble: string;
}

function finish(input: FinishInput): FormattedSkillsPrompt {
  const {
    sorted,
    priorityOf,
    candidates,
    keep,
    listed,
    entries,
    state,
    format,
    count,
    maxChars,
    preamble,
  } = input;
  // Which of `sorted` is listed: its entry index, or -1.
  const shownEntry = new Int32Array(sorted.length).fill(-1);
  const budgetCut = new Uint8Array(sorted.length);
  if (count === entries.length || count < 0) {
    for (let position = 0; position < listed.length; position += 1) {
      if (count < 0) budgetCut[listed[position] as number] = 1;
      else shownEntry[listed[position] as number] = position;
    }
  } else {
    const inEntries = new Int32Array(sorted.length).fill(-1);
    for (let position = 0; position < listed.length; position += 1) {
      inEntries[listed[position] as number] = position;
    }
    for (let rank = 0; rank < entries.length; rank += 1) {
      const index = keep[rank] as number;
      if (rank < count) shownEntry[index] = inEntries[index] as number;
      else budgetCut[index] = 1;
    }
  }

  const parts: string[] = [preamble, OPEN];
  const included: string[] = [];
  const entryTexts: string[] = [];
  const outcomes: SkillListingOutcome[] = [];
  const omitted: string[] = [];
  let candidate = 0;
  for (let index = 0; index < sorted.length; index += 1) {
    const skill = sorted[index] as FormattableSkill;
    const listing = skill.listing ?? "normal";
    const priority = priorityOf[index] as number;
    if (candidates[candidate] !== index) {
      outcomes.push({ name: skill.name, listing, priority, form: "manual", cause: "listing" });
      continue;
    }
    candidate += 1;
    const position = shownEntry[index] as number;
    if (position < 0) {
      omitted.push(skill.name);
      outcomes.push({
        name: skill.name,
        listing,
        priority,
        form: "omitted",
        cause: budgetCut[index] === 1 ? "budget" : "max-skills",
      });
      continue;
    }
    const entry = entries[position] as PreparedEntry;
    const cap = count === entries.length ? capOf(entry, state) : NONE;
    included.push(skill.name);
    let entryText = SKILL_OPEN + NAME_OPEN + entry.nameXml + NAME_CLOSE;
    let form: SkillListingForm = "full";
    if (cap !== NONE) {
      let description = entry.description;
      if (description.length > cap) {
        description = description.slice(0, surrogateSafeCut(description, cap - 1)) + ELLIPSIS;
        form = "shortened";
      }
      entryText += DESCRIPTION_OPEN + escapeXml(description) + DESCRIPTION_CLOSE;
    } else {
      form = "compact";
    }
    entryText += entry.tailXml + SKILL_CLOSE;
    // The entry without its closing line break, as a reader would quote it.
    entryTexts.push(entryText.slice(0, -1));
    parts.push(entryText);
    outcomes.push(
      form === "full"
        ? { name: skill.name, listing, priority, form }
        : {
            name: skill.name,
            listing,
            priority,
            form,
            cause: entry.group < 0 ? "listing" : "budget",
          },
    );
  }
  if (count < 0) {
    return { text: "", included, entries: entryTexts, omitted, format, chars: 0, skills: outcomes };
  }
  parts.push(CLOSE);
  let text = parts.join("");
  if (omitted.length > 0) {
    const counts = `\n${countsNote(included.length, candidates.length)}`;
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
  return {
    text,
    included,
    entries: entryTexts,
    omitted,
    format,
    chars: text.length,
    skills: outcomes,
  };
}

const NOT_LISTED = " Not listed: ";

function countsNote(listed: number, total: number): string {
  return `Skills listed: ${listed} of ${total}.`;
}

function prepareEntry(
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
