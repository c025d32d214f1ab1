import { SkillsError } from "./skills-error.js";

/** Per-root bounds; the defaults match the reference implementation. */
export interface SkillsDiscoveryLimits {
  /** SKILL.md files considered per root (default 300). */
  readonly maxCandidatesPerRoot?: number;
  /** Skills loaded per root (default 200). */
  readonly maxSkillsLoadedPerRoot?: number;
  /** Largest SKILL.md read, in bytes (default 256000). */
  readonly maxSkillFileBytes?: number;
  /** Deepest skill folder below the root (default 6). */
  readonly maxDepth?: number;
  /** Directories visited per root before the walk stops (default 5000). */
  readonly maxDirectoriesPerRoot?: number;
  /**
   * Entries read from one folder's listing (default 10000). A folder with more is skipped whole,
   * with a `SKILLS_DIRECTORY_ENTRY_LIMIT` warning: a partial listing would depend on the file
   * system's order.
   */
  readonly maxEntriesPerDirectory?: number;
}

/** Defaults of every discovery limit. */
export const DEFAULT_LIMITS: Required<SkillsDiscoveryLimits> = {
  maxCandidatesPerRoot: 300,
  maxSkillsLoadedPerRoot: 200,
  maxSkillFileBytes: 256_000,
  maxDepth: 6,
  maxDirectoriesPerRoot: 5000,
  maxEntriesPerDirectory: 10_000,
};

/** Internal: the limits with defaults applied; a bad value throws `SKILLS_BAD_OPTIONS`. */
export function resolveSkillsDiscoveryLimits(
  limits: SkillsDiscoveryLimits | undefined,
): Required<SkillsDiscoveryLimits> {
  const result = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof SkillsDiscoveryLimits)[]) {
    const value = limits?.[key];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0) {
      throw new SkillsError(
        "SKILLS_BAD_OPTIONS",
        `discoverSkills: limits.${key} must be a non-negative integer, got ${String(value)}.`,
        { path: `limits.${key}`, hint: `Omit it for the default ${DEFAULT_LIMITS[key]}.` },
      );
    }
    result[key] = value;
  }
  return result;
}
