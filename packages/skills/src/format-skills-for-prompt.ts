import { SkillsError } from "./skills-error.js";
import {
  escapePositions,
  escapedLength,
  escapedPrefixLength,
  surrogateSafeCut,
  trimTrailingSeparators,
} from "./format-skill-entry-text.js";
import {
  CLOSE,
  DESCRIPTION_OVERHEAD,
  ELLIPSIS,
  FULL,
  NONE,
  OPEN,
  prepareEntry,
} from "./prepare-skill-entry.js";
import type { LadderState, PreparedEntry } from "./prepare-skill-entry.js";
import {
  compareSkills,
  rankSkills,
  readListing,
  readPriority,
  toNameOrder,
} from "./rank-skills.js";
import {
  DEFAULT_MAX_SKILLS_IN_PROMPT,
  DEFAULT_MAX_SKILLS_PROMPT_CHARS,
  MIN_SHORTENED_DESCRIPTION_CHARS,
  SKILL_VERSION_RULE,
} from "./skills-listing-types.js";
import type {
  FormatSkillsOptions,
  FormattableSkill,
  FormattedSkillsPrompt,
  SkillsPromptFormat,
} from "./skills-listing-types.js";
import { countsNote, writeSkillsListing } from "./write-skills-listing.js";

/** The skills sorted by name, and the candidates (all but `manual`) by name and by rank. */
interface OrderedSkills {
  readonly sorted: readonly FormattableSkill[];
  readonly priorityOf: Float64Array;
  readonly candidates: readonly number[];
  readonly keep: readonly number[];
  /** Each skill's rank bucket (0 = ranked highest); absent without listing config. */
  readonly bucketOf?: Int32Array;
}

/** Per rank group of the listed entries: the sums each ladder step needs. */
interface GroupSums {
  readonly count: number;
  readonly full: Float64Array;
  readonly compact: Float64Array;
  readonly longest: Float64Array;
  readonly members: readonly (readonly number[])[];
  /** Compact length of the `name-only` entries, which never degrade. */
  readonly nameOnly: number;
}

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
  const ordered = orderSkills(skills);
  const { sorted, keep, bucketOf } = ordered;
  const total = ordered.candidates.length;
  const listed =
    total === 0
      ? []
      : bucketOf === undefined
        ? keep.slice(0, maxSkills)
        : toNameOrder(keep.slice(0, maxSkills), sorted.length);
  const home = options.homeDir === undefined ? undefined : trimTrailingSeparators(options.homeDir);
  const entries = listed.map((index) => {
    const skill = sorted[index] as FormattableSkill;
    const group =
      bucketOf === undefined ? 0 : skill.listing === "name-only" ? -1 : (bucketOf[index] as number);
    return prepareEntry(skill, home, options.versionMarkers === true, group);
  });
  // The rule travels with the markers wherever the list goes (system prompt or Codex instructions).
  const preamble = entries.some((entry) => entry.versioned) ? SKILL_VERSION_RULE : "";
  const done = (
    state: LadderState,
    format: SkillsPromptFormat,
    count = entries.length,
  ): FormattedSkillsPrompt =>
    writeSkillsListing({ ...ordered, listed, entries, state, format, count, maxChars, preamble });
  // Every skill is manual: nothing to list, as with no skills at all.
  if (total === 0) return done({ group: 0, cap: NONE }, "full", -1);

  const fixed = preamble.length + OPEN.length + CLOSE.length;
  const minimalNote = (count: number): number =>
    count === total ? 0 : 1 + countsNote(count, total).length;
  const budget = maxChars - minimalNote(entries.length);
  const groups = sumGroups(entries, bucketOf !== undefined);
  const step = findLadderStep(entries, groups, fixed, budget);
  if (step !== undefined) return done(step.state, step.format);

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

/** Sorts by name and, with listing config, ranks; validates each skill's listing and priority. */
function orderSkills(skills: readonly FormattableSkill[]): OrderedSkills {
  const sorted = [...skills].sort(compareSkills);
  const priorityOf = new Float64Array(sorted.length);
  let ranked = false;
  for (let index = 0; index < sorted.length; index += 1) {
    const skill = sorted[index] as FormattableSkill;
    const priority = readPriority(skill);
    if (readListing(skill) !== "normal" || priority !== 0) ranked = true;
    priorityOf[index] = priority;
  }
  // Without listing config, every order is the name order.
  if (ranked) return { sorted, priorityOf, ...rankSkills(sorted, priorityOf) };
  const candidates = sorted.map((_, index) => index);
  return { sorted, priorityOf, candidates, keep: candidates };
}

/** Per-group sums, so each ladder step costs only the entries of the group it degrades. */
function sumGroups(entries: readonly PreparedEntry[], ranked: boolean): GroupSums {
  // Buckets without listed members stay empty: their steps fit exactly when a neighbour's do.
  let count = 1;
  if (ranked) {
    count = 0;
    for (const entry of entries) if (entry.group >= count) count = entry.group + 1;
  }
  const full = new Float64Array(count);
  const compact = new Float64Array(count);
  const longest = new Float64Array(count);
  const members: number[][] = Array.from({ length: count }, () => []);
  let nameOnly = 0;
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index] as PreparedEntry;
    const group = entry.group;
    if (group < 0) {
      nameOnly += entry.compactLength;
      continue;
    }
    compact[group] = (compact[group] as number) + entry.compactLength;
    full[group] =
      (full[group] as number) +
      entry.compactLength +
      DESCRIPTION_OVERHEAD +
      entry.descriptionXmlLength;
    (members[group] as number[]).push(index);
    if (entry.description.length > (longest[group] as number)) {
      longest[group] = entry.description.length;
    }
  }
  return { count, full, compact, longest, members, nameOnly };
}

/**
 * The first ladder step whose block fits `budget`: all full; then, lowest group first, that
 * group shortened to the longest uniform cap that fits, then compact; finally all compact.
 * Undefined when even the compact block is too long.
 */
function findLadderStep(
  entries: readonly PreparedEntry[],
  groups: GroupSums,
  fixed: number,
  budget: number,
): { state: LadderState; format: SkillsPromptFormat } | undefined {
  let fullAbove = fixed + groups.nameOnly;
  for (let group = 0; group < groups.count; group += 1) fullAbove += groups.full[group] as number;
  if (fullAbove <= budget) return { state: { group: groups.count, cap: FULL }, format: "full" };
  let compactBelow = 0;
  for (let group = groups.count - 1; group >= 0; group -= 1) {
    fullAbove -= groups.full[group] as number;
    if (
      group < groups.count - 1 &&
      fullAbove + (groups.full[group] as number) + compactBelow <= budget
    ) {
      return { state: { group, cap: FULL }, format: "shortened" };
    }
    if ((groups.longest[group] as number) > MIN_SHORTENED_DESCRIPTION_CHARS) {
      const members = groups.members[group] as readonly number[];
      const base =
        fullAbove +
        compactBelow +
        (groups.compact[group] as number) +
        members.length * DESCRIPTION_OVERHEAD;
      const cap = findShortenedCap(entries, members, base, groups.longest[group] as number, budget);
      if (cap !== undefined) return { state: { group, cap }, format: "shortened" };
    }
    compactBelow += groups.compact[group] as number;
  }
  if (fixed + groups.nameOnly + compactBelow <= budget) {
    return { state: { group: 0, cap: NONE }, format: "compact" };
  }
  return undefined;
}

/**
 * The longest description cap (at least `MIN_SHORTENED_DESCRIPTION_CHARS`) at which the group's
 * members, on top of `base`, fit `budget`; undefined when even the shortest does not fit.
 */
function findShortenedCap(
  entries: readonly PreparedEntry[],
  members: readonly number[],
  base: number,
  longest: number,
  budget: number,
): number | undefined {
  // Escape positions are only worth computing once the lowest cap fits: most long lists
  // skip this step, so its first probe scans just the first `cap` characters of each.
  const positions: Int32Array[] = [];
  const lengthAtCap = (cap: number): number => {
    let sum = base;
    for (let member = 0; member < members.length; member += 1) {
      const entry = entries[members[member] as number] as PreparedEntry;
      if (entry.description.length <= cap) {
        sum += entry.descriptionXmlLength;
        continue;
      }
      const cut = surrogateSafeCut(entry.description, cap - 1);
      sum +=
        positions.length === 0
          ? escapedLength(entry.description, cut)
          : escapedPrefixLength(entry.description, positions[member] as Int32Array, cut);
      sum += ELLIPSIS.length;
    }
    return sum;
  };
  let low = MIN_SHORTENED_DESCRIPTION_CHARS;
  let high = longest - 1;
  if (lengthAtCap(low) > budget) return undefined;
  for (const index of members) {
    positions.push(escapePositions((entries[index] as PreparedEntry).description));
  }
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (lengthAtCap(middle) <= budget) low = middle;
    else high = middle - 1;
  }
  return low;
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
