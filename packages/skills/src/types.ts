/** Where a skill root comes from; decides precedence (see `SKILL_TIER_RANK`). */
export type SkillTier = "extra" | "plugin" | "bundled" | "managed" | "personal" | "workspace";

/** One folder to search for skills. */
export interface SkillRoot {
  readonly tier: SkillTier;
  /** Directory to search; relative paths resolve against the process working directory. */
  readonly dir: string;
  /** Owning plugin; required for the `plugin` tier, which is eligible only while it is enabled. */
  readonly pluginId?: string;
}

/** Runtime requirements a skill declares in `metadata.openclaw.requires`. */
export interface SkillRequires {
  /** Every binary must be on PATH. */
  readonly bins?: readonly string[];
  /** At least one of these binaries must be on PATH. */
  readonly anyBins?: readonly string[];
  /** Every environment variable must be set and non-empty. */
  readonly env?: readonly string[];
  /** Every dotted config path must hold a truthy value. */
  readonly config?: readonly string[];
}

/** The validated subset of `metadata.openclaw` a skill may declare. */
export interface SkillMetadata {
  /** Skip the `requires` gates: the skill is eligible whenever the other gates allow it. */
  readonly always?: boolean;
  /** Platforms (`process.platform` values) the skill runs on. */
  readonly os?: readonly string[];
  /** The environment variable holding the skill's main credential. */
  readonly primaryEnv?: string;
  /** Key under `skills.entries` for this skill; defaults to the skill name. */
  readonly skillKey?: string;
  readonly requires?: SkillRequires;
}

/** What `parseSkillFile` reads from one SKILL.md. */
export interface ParsedSkill {
  readonly name: string;
  readonly description: string;
  readonly userInvocable: boolean;
  readonly disableModelInvocation: boolean;
  readonly homepage?: string;
  readonly metadata: SkillMetadata;
}

/** A discovered skill: the parsed frontmatter plus where it was found. */
export interface Skill extends ParsedSkill {
  /** Absolute path of SKILL.md, as reached from its root (symlinks not resolved). */
  readonly path: string;
  /** Absolute path of the skill folder. */
  readonly dir: string;
  readonly tier: SkillTier;
  readonly pluginId?: string;
  /** Hex sha256 of the SKILL.md bytes. */
  readonly contentHash?: string;
}
