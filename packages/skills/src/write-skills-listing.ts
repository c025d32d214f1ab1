// Writes the list once the ladder has chosen its step: each skill's entry or outcome, the block,
// and the note naming what was left out.
import { escapeXml, normalizeInline, surrogateSafeCut } from "./format-skill-entry-text.js";
import {
  CLOSE,
  DESCRIPTION_CLOSE,
  DESCRIPTION_OPEN,
  ELLIPSIS,
  NAME_CLOSE,
  NAME_OPEN,
  NONE,
  OPEN,
  SKILL_CLOSE,
  SKILL_OPEN,
  capOf,
} from "./prepare-skill-entry.js";
import type { LadderState, PreparedEntry } from "./prepare-skill-entry.js";
import type {
  FormattableSkill,
  FormattedSkillsPrompt,
  SkillListingForm,
  SkillListingOutcome,
  SkillsPromptFormat,
} from "./skills-listing-types.js";

/** The ladder's choice and everything needed to write the list from it. */
export interface SkillsListingPlan {
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

const NOT_LISTED = " Not listed: ";

/** The note under a list that leaves skills out. */
export function countsNote(listed: number, total: number): string {
  return `Skills listed: ${listed} of ${total}.`;
}

/** Writes the list the plan describes. */
export function writeSkillsListing(plan: SkillsListingPlan): FormattedSkillsPrompt {
  const { sorted, priorityOf, candidates, entries, state, format, count } = plan;
  const { shownEntry, budgetCut } = markShownEntries(plan);
  const parts: string[] = [plan.preamble, OPEN];
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
      const cause = budgetCut[index] === 1 ? "budget" : "max-skills";
      outcomes.push({ name: skill.name, listing, priority, form: "omitted", cause });
      continue;
    }
    const entry = entries[position] as PreparedEntry;
    const { text, form } = writeEntry(entry, count === entries.length ? capOf(entry, state) : NONE);
    included.push(skill.name);
    // The entry without its closing line break, as a reader would quote it.
    entryTexts.push(text.slice(0, -1));
    parts.push(text);
    const cause = entry.group < 0 ? "listing" : "budget";
    outcomes.push(
      form === "full"
        ? { name: skill.name, listing, priority, form }
        : { name: skill.name, listing, priority, form, cause },
    );
  }
  if (count < 0) {
    return { text: "", included, entries: entryTexts, omitted, format, chars: 0, skills: outcomes };
  }
  parts.push(CLOSE);
  const block = parts.join("");
  const text =
    omitted.length === 0
      ? block
      : block +
        omittedNote(omitted, included.length, candidates.length, plan.maxChars - block.length);
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

/**
 * Per skill of `sorted`: its entry index when listed (else -1), and whether the budget (not
 * `maxSkills`) cut it.
 */
function markShownEntries(plan: SkillsListingPlan): {
  shownEntry: Int32Array;
  budgetCut: Uint8Array;
} {
  const { sorted, keep, listed, entries, count } = plan;
  const shownEntry = new Int32Array(sorted.length).fill(-1);
  const budgetCut = new Uint8Array(sorted.length);
  if (count === entries.length || count < 0) {
    for (let position = 0; position < listed.length; position += 1) {
      if (count < 0) budgetCut[listed[position] as number] = 1;
      else shownEntry[listed[position] as number] = position;
    }
    return { shownEntry, budgetCut };
  }
  const inEntries = new Int32Array(sorted.length).fill(-1);
  for (let position = 0; position < listed.length; position += 1) {
    inEntries[listed[position] as number] = position;
  }
  for (let rank = 0; rank < entries.length; rank += 1) {
    const index = keep[rank] as number;
    if (rank < count) shownEntry[index] = inEntries[index] as number;
    else budgetCut[index] = 1;
  }
  return { shownEntry, budgetCut };
}

/** One `<skill>` entry with its description cut to `cap` (`NONE`: compact). */
function writeEntry(entry: PreparedEntry, cap: number): { text: string; form: SkillListingForm } {
  let text = SKILL_OPEN + NAME_OPEN + entry.nameXml + NAME_CLOSE;
  let form: SkillListingForm = "full";
  if (cap !== NONE) {
    let description = entry.description;
    if (description.length > cap) {
      description = description.slice(0, surrogateSafeCut(description, cap - 1)) + ELLIPSIS;
      form = "shortened";
    }
    text += DESCRIPTION_OPEN + escapeXml(description) + DESCRIPTION_CLOSE;
  } else {
    form = "compact";
  }
  return { text: text + entry.tailXml + SKILL_CLOSE, form };
}

/**
 * The counts note, naming the omitted skills when they all fit in `room` characters (else the
 * counts alone).
 */
function omittedNote(
  omitted: readonly string[],
  listed: number,
  total: number,
  room: number,
): string {
  const counts = `\n${countsNote(listed, total)}`;
  // Stop escaping names as soon as the list cannot fit: most budgets cut it short.
  let remaining = room - counts.length - NOT_LISTED.length - 1;
  const shown: string[] = [];
  for (const name of omitted) {
    const escaped = escapeXml(normalizeInline(name));
    remaining -= escaped.length + (shown.length === 0 ? 0 : 2);
    if (remaining < 0) break;
    shown.push(escaped);
  }
  return remaining >= 0 ? `${counts}${NOT_LISTED}${shown.join(", ")}.` : counts;
}
