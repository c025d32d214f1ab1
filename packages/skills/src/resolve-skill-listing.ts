import type { SkillListing } from "./skills-listing-types.js";
import type { SkillEntrySettings } from "./resolve-skill-eligibility.js";
import type { Skill } from "./types.js";

/** A skill's listing config, defaults applied. */
export interface ResolvedSkillListing {
  readonly listing: SkillListing;
  readonly priority: number;
}

/**
 * Reads `listing` and `priority` for one skill from `skills.entries`, keyed like the
 * eligibility gates (`metadata.openclaw.skillKey`, else the name). Defaults: `normal`, 0.
 */
export function resolveSkillListing(
  skill: Skill,
  entries: Readonly<Record<string, SkillEntrySettings | undefined>> | undefined,
): ResolvedSkillListing {
  const key = skill.metadata.skillKey ?? skill.name;
  const entry = entries !== undefined && Object.hasOwn(entries, key) ? entries[key] : undefined;
  return { listing: entry?.listing ?? "normal", priority: entry?.priority ?? 0 };
}
