/**
 * The built-in defaults of the prompt budgets, written once: the loaders (bootstrap files, the
 * skills list, the start-up block) fall back to them, and the config records the same values as
 * its documented defaults.
 */
export const BUDGET_DEFAULTS = Object.freeze({
  /** Per workspace file, in characters (`bootstrapMaxChars`). */
  bootstrapMaxChars: 20_000,
  /** All workspace files together, in characters (`bootstrapTotalMaxChars`). */
  bootstrapTotalMaxChars: 60_000,
  /** The whole skills list, in characters (`maxSkillsPromptChars`). */
  maxSkillsPromptChars: 18_000,
  /** Skills listed at most (`maxSkillsInPrompt`). */
  maxSkillsInPrompt: 150,
  /** The one-time start-up block of a bare `/new` or `/reset`, in characters. */
  startupContextMaxChars: 8_000,
} as const);
