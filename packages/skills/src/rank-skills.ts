// The order of the list: by name, and by rank (pinned, then priority) when listing config is set.
import { SkillsError } from "./skills-error.js";
import { SKILL_LISTINGS } from "./skills-listing-types.js";
import type { FormattableSkill, SkillListing } from "./skills-listing-types.js";

/**
 * Orders the candidates (every skill but `manual` ones) by rank: pinned first, then higher
 * priority first, then by name. A bucket sort over the distinct (class, priority) pairs, so a
 * long list costs no comparator sort.
 */
export function rankSkills(
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
export function toNameOrder(indices: readonly number[], length: number): number[] {
  const marked = new Uint8Array(length);
  for (const index of indices) marked[index] = 1;
  const ordered: number[] = [];
  for (let index = 0; index < length; index += 1) if (marked[index] === 1) ordered.push(index);
  return ordered;
}

export function readListing(skill: FormattableSkill): SkillListing {
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

export function readPriority(skill: FormattableSkill): number {
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

// Total order over every rendered field, so input order never changes the output.
export function compareSkills(left: FormattableSkill, right: FormattableSkill): number {
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
