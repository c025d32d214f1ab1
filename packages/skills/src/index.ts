export { SkillsError } from "./skills-error.js";
export type { SkillsErrorCode } from "./skills-error.js";
export type {
  ParsedSkill,
  Skill,
  SkillMetadata,
  SkillRequires,
  SkillRoot,
  SkillTier,
} from "./types.js";
export { parseSkillFile } from "./parse-skill-file.js";
export type { ParseSkillFileResult } from "./parse-skill-file.js";
export { discoverSkills } from "./discover-skills.js";
export type {
  DiscoverSkillsOptions,
  DiscoverSkillsResult,
  DiscoverSkillsStats,
  SkillFileCache,
  SkillFileCacheEntry,
  SkillFileReader,
  SkillsDiscoveryLimits,
} from "./discover-skills.js";
export { createSkillsCatalog } from "./create-skills-catalog.js";
export type { SkillsCatalog, SkillsCatalogOptions } from "./create-skills-catalog.js";
export { resolveSkillEligibility } from "./resolve-skill-eligibility.js";
export type {
  SkillEligibility,
  SkillEligibilityContext,
  SkillEntrySettings,
  SkillGate,
} from "./resolve-skill-eligibility.js";
export { filterEligibleSkills } from "./filter-eligible-skills.js";
export type { ExcludedSkill, FilterEligibleSkillsResult } from "./filter-eligible-skills.js";
export { resolveSkillListing } from "./resolve-skill-listing.js";
export type { ResolvedSkillListing } from "./resolve-skill-listing.js";
export { formatSkillsForPrompt } from "./format-skills-for-prompt.js";
export {
  DEFAULT_MAX_SKILLS_IN_PROMPT,
  DEFAULT_MAX_SKILLS_PROMPT_CHARS,
  SKILL_LISTINGS,
} from "./skills-listing-types.js";
export type {
  FormatSkillsOptions,
  FormattableSkill,
  FormattedSkillsPrompt,
  SkillListing,
  SkillListingCause,
  SkillListingForm,
  SkillListingOutcome,
  SkillsPromptFormat,
} from "./skills-listing-types.js";
