import { BUDGET_DEFAULTS } from "@promptstack/core";

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
export const DEFAULT_MAX_SKILLS_IN_PROMPT = BUDGET_DEFAULTS.maxSkillsInPrompt;
/** Default `maxChars`. */
export const DEFAULT_MAX_SKILLS_PROMPT_CHARS = BUDGET_DEFAULTS.maxSkillsPromptChars;
/** Below this many characters a shortened description says too little; the ladder moves on. */
export const MIN_SHORTENED_DESCRIPTION_CHARS = 16;

/**
 * The line above the list when entries carry `<version>`: the marker is useless unless the model
 * knows a changed version means a changed SKILL.md.
 */
export const SKILL_VERSION_RULE =
  "When a skill's <version> differs from the one you last read, its SKILL.md has changed: read it again before following it.\n";
