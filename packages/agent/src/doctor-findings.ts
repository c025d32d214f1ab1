import type { Diagnostic } from "@promptstack/core";

/** How bad a finding is: errors make `doctor` exit 2; warnings exit 1 under `--strict`. */
export type DoctorSeverity = Diagnostic["severity"];

/** What a finding is built from. */
export type DoctorFindingSource =
  /** `turn.bootstrap.files`: one finding per file in that state. */
  | "bootstrap"
  /** `turn.skills`: one finding per skill (or one for the whole list). */
  | "skills"
  /** `turn.diagnostics` (or the provider diagnostics passed in): one finding per diagnostic. */
  | "diagnostics";

/** One kind of finding: a row of `DOCTOR_FINDING_TABLE`. */
export interface DoctorFindingKind {
  readonly code: string;
  /** `undefined`: the severity of the diagnostic it came from. */
  readonly severity: DoctorSeverity | undefined;
  readonly source: DoctorFindingSource;
  /** The assembler diagnostic codes this kind stands for (reported once, as this kind). */
  readonly diagnostics: readonly string[];
  /** A few words for the docs table. */
  readonly title: string;
  /** Why it matters for the prompt the model gets. */
  readonly why: string;
  /** How to fix it (the diagnostic's own hint, when it has one, is added to the message). */
  readonly fix: string;
}

/**
 * Every kind of doctor finding, in report order within a severity. One row per code; the docs
 * table in docs/cli.md lists the same codes (a test keeps them in step).
 */
export const DOCTOR_FINDING_TABLE = [
  {
    code: "bootstrap-file-truncated",
    severity: "warning",
    source: "bootstrap",
    diagnostics: ["BOOTSTRAP_FILE_TRUNCATED"],
    title: "a workspace file was cut to fit the budgets",
    why: "The model sees only the head and tail of the file; whatever was in the cut middle never reaches it.",
    fix: "Condense the file (move detail into files the agent opens on demand), or raise agents.defaults.bootstrapMaxChars / bootstrapTotalMaxChars.",
  },
  {
    code: "bootstrap-file-dropped",
    severity: "warning",
    source: "bootstrap",
    diagnostics: ["BOOTSTRAP_TOTAL_BUDGET_EXHAUSTED"],
    title: "a workspace file was left out: the budget was used up",
    why: "Nothing of the file reaches the model: the files before it used up the total budget.",
    fix: "Shorten the earlier workspace files, or raise agents.defaults.bootstrapTotalMaxChars (or the token budgets).",
  },
  {
    code: "bootstrap-file-missing",
    severity: "warning",
    source: "bootstrap",
    diagnostics: ["BOOTSTRAP_FILE_MISSING"],
    title: "a required workspace file is missing",
    why: "A missing-file marker is injected in its place; the agent runs without that part of its instructions or persona.",
    fix: "Create the file in the workspace (seedBootstrapTemplates writes starter templates).",
  },
  {
    code: "bootstrap-file-empty",
    severity: "info",
    source: "bootstrap",
    diagnostics: ["BOOTSTRAP_FILE_EMPTY"],
    title: "a workspace file is empty",
    why: "Nothing of it is injected.",
    fix: "Write the file's content, or delete the file.",
  },
  {
    code: "bootstrap-file-case-variant",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["BOOTSTRAP_FILE_CASE_VARIANT"],
    title: "a file named like a workspace file up to case (memory.md next to MEMORY.md)",
    why: "Only the exact name is read on a case-sensitive file system, so one copy is ignored (or read on one machine and not on another).",
    fix: "Keep one file under the exact name: merge the variant into it and delete the variant.",
  },
  {
    code: "bootstrap-file-binary",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["BOOTSTRAP_FILE_BINARY"],
    title: "a workspace file is binary and was skipped",
    why: "Nothing of the file reaches the model.",
    fix: "Replace it with a UTF-8 text file.",
  },
  {
    code: "bootstrap-file-invalid-utf8",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["BOOTSTRAP_FILE_INVALID_UTF8"],
    title: "a workspace file is not valid UTF-8",
    why: "Invalid bytes reach the model as U+FFFD replacement characters; the text around them may be garbled.",
    fix: "Re-save the file as UTF-8.",
  },
  {
    code: "bootstrap-file-outside-workspace",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["BOOTSTRAP_FILE_OUTSIDE_WORKSPACE", "BOOTSTRAP_FILE_BROKEN_LINK"],
    title: "a workspace file is a link that leads out of the workspace (or nowhere)",
    why: "Links are followed only inside the workspace, so the file is skipped and nothing of it reaches the model.",
    fix: "Copy the file into the workspace instead of linking to it, or fix the link's target.",
  },
  {
    code: "bootstrap-file-not-regular",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["BOOTSTRAP_FILE_NOT_REGULAR"],
    title: "a workspace file is a folder, FIFO, socket or device",
    why: "Only regular files are read, so it is skipped and nothing of it reaches the model.",
    fix: "Replace it with a regular text file.",
  },
  {
    code: "bootstrap-file-unreadable",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["BOOTSTRAP_FILE_UNREADABLE", "BOOTSTRAP_FILE_CHANGED"],
    title: "a workspace file could not be read",
    why: "The file is skipped this turn; nothing of it reaches the model.",
    fix: "Check the file's permissions, and that nothing rewrites it while the agent runs.",
  },
  {
    code: "bootstrap-legacy-tools-file",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["BOOTSTRAP_LEGACY_TOOLS_FILE"],
    title: "a legacy TOOLS.md sits in the workspace and is not loaded",
    why: "Tool notes are read from the `## Tools` section of AGENTS.md; nothing in TOOLS.md reaches the model.",
    fix: "Move the notes into a `## Tools` section of AGENTS.md, then delete TOOLS.md.",
  },
  {
    code: "skill-requirement-unmet",
    severity: "warning",
    source: "skills",
    diagnostics: [],
    title:
      "a skill is excluded: a binary, environment variable or config value it needs is missing",
    why: "The skill is never listed, so the model does not know it exists.",
    fix: "Install what the skill requires (see the reason), or disable the skill in skills.entries to make the choice explicit.",
  },
  {
    code: "skill-excluded",
    severity: "info",
    source: "skills",
    diagnostics: [],
    title:
      "a skill is excluded by a deliberate gate (disabled, allowlist, plugin, OS, model invocation)",
    why: "The skill is never listed, so the model does not know it exists.",
    fix: "Nothing, if intended; otherwise change the gate named in the reason (skills.entries, the agent's skills allowlist, plugins).",
  },
  {
    code: "skill-omitted",
    severity: "warning",
    source: "skills",
    diagnostics: [],
    title: "an eligible skill was left out of the list by the budget",
    why: "The model is told only the skill's name in a closing note, or nothing, and rarely uses it.",
    fix: "Raise skills.limits.maxSkillsPromptChars / maxSkillsInPrompt, exclude skills this agent does not need, or shorten long descriptions.",
  },
  {
    code: "skills-no-read-tool",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["SKILLS_NO_READ_TOOL"],
    title: "eligible skills are left out: the run has no `read` tool",
    why: "The Skills section needs `read` to open a SKILL.md; without it the section is left out and the model never learns the skills exist.",
    fix: "Give the run a tool named `read`, or disable the skills this agent cannot load (skills.entries).",
  },
  {
    code: "skill-pinned-omitted",
    severity: "warning",
    source: "skills",
    diagnostics: [],
    title: "a pinned skill was left out: the pinned skills alone do not fit the budget",
    why: "Pinning promises the skill is always listed; here even its name did not fit, so the model does not see it.",
    fix: "Raise skills.limits.maxSkillsPromptChars / maxSkillsInPrompt, or pin fewer skills (skills.entries.<key>.listing).",
  },
  {
    code: "skill-manual",
    severity: "info",
    source: "skills",
    diagnostics: [],
    title: "a skill is held back by listing: manual",
    why: "The model does not see the skill until a user names it.",
    fix: "Nothing, if intended; set skills.entries.<key>.listing to normal or name-only to list it.",
  },
  {
    code: "skills-list-shortened",
    severity: "warning",
    source: "skills",
    diagnostics: [],
    title: "the skills list was shortened to fit its budget",
    why: "Descriptions were cut (shortened) or dropped (compact); the model picks skills by their description.",
    fix: "Raise skills.limits.maxSkillsPromptChars, or exclude skills this agent does not need.",
  },
  {
    code: "skill-tier-override",
    severity: "info",
    source: "diagnostics",
    diagnostics: ["SKILL_OVERRIDDEN"],
    title: "two skill tiers define the same skill name; the higher tier wins",
    why: "Only the higher tier's copy is listed; edits to the other copy have no effect.",
    fix: "Nothing, if the override is intended; otherwise rename one of the skills.",
  },
  {
    code: "skill-duplicate-name",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["SKILL_DUPLICATE_NAME"],
    title: "one tier defines the same skill name twice",
    why: "Only the first copy is listed; which one is first depends on folder names, not intent.",
    fix: "Rename one of the skills or remove the copy.",
  },
  {
    code: "skill-name-case-collision",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["SKILL_NAME_CASE_COLLISION"],
    title: "two skill names differ only by case or spacing",
    why: "Both are listed under names the model can easily confuse.",
    fix: "Rename one skill, or give both the same name so the higher tier overrides the other.",
  },
  {
    code: "skill-skipped",
    severity: "error",
    source: "diagnostics",
    diagnostics: [
      "SKILL_BINARY",
      "SKILL_NO_FRONTMATTER",
      "SKILL_YAML_INVALID",
      "SKILL_FRONTMATTER_NOT_OBJECT",
      "SKILL_NAME_INVALID",
      "SKILL_DESCRIPTION_MISSING",
      "SKILL_METADATA_TOO_LARGE",
      "SKILL_TOO_LARGE",
      "SKILL_READ_FAILED",
    ],
    title: "a SKILL.md could not define a skill and was skipped",
    why: "The skill is never listed, so the model does not know it exists.",
    fix: "Fix the SKILL.md as the message says (UTF-8 text, YAML frontmatter with name and description).",
  },
  {
    code: "config-unknown-key",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["CONFIG_UNKNOWN_KEY"],
    title: "the config has a key promptstack does not know",
    why: "The key is ignored; a misspelled setting silently keeps its default.",
    fix: "Fix the spelling or remove the key (promptstack schema lists every key).",
  },
  {
    code: "config-deprecated-key",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["CONFIG_DEPRECATED_KEY"],
    title: "the config uses a deprecated key",
    why: "It is read under its new name (or has no effect at all) and may stop working in a later version.",
    fix: "Rename or remove the key as the message says.",
  },
  {
    code: "tool-summary-volatile",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["CONFIG_TOOL_SUMMARY_VOLATILE", "PROVIDERS_VOLATILE_TOOL_DESCRIPTION"],
    title: "a tool summary or description quotes a per-turn fact",
    why: "Tools sit above the cache boundary; a per-turn value in them changes the stable prefix every turn, so the prompt cache misses.",
    fix: "Keep per-turn facts (date, time, channel, sender, session) out of tool descriptions; the runtime passes them below the boundary.",
  },
  {
    code: "prefix-below-cache-minimum",
    severity: "warning",
    source: "diagnostics",
    diagnostics: ["PROVIDERS_PREFIX_BELOW_MINIMUM"],
    title: "the stable prefix is shorter than the provider's minimum cacheable length",
    why: "The provider caches nothing shorter, so every turn pays full price for the prefix.",
    fix: "Expect no cache hits for short conversations; a longer stable prefix (tools, workspace files) or a model with a lower minimum makes the prefix cacheable.",
  },
  {
    code: "diagnostic",
    severity: undefined,
    source: "diagnostics",
    diagnostics: [],
    title: "any other warning or error the assembler reported",
    why: "The assembler reported it while building the prompt.",
    fix: "See the message and hint.",
  },
] as const satisfies readonly DoctorFindingKind[];

/** A finding code: a `code` of `DOCTOR_FINDING_TABLE`. */
export type DoctorFindingCode = (typeof DOCTOR_FINDING_TABLE)[number]["code"];

/** One actionable finding of `diagnoseAgentTurn`. */
export interface DoctorFinding {
  readonly code: DoctorFindingCode;
  readonly severity: DoctorSeverity;
  /** What was found, specifically (names, numbers). */
  readonly message: string;
  /** Where: the display path of the file concerned (workspace file, SKILL.md, config or facts file). */
  readonly path?: string;
  /** Where inside `path`, for config and facts findings: a key path such as `agents.defaults.x`. */
  readonly key?: string;
  /** Why it matters. */
  readonly why: string;
  /** How to fix it. */
  readonly fix: string;
  /** The assembler diagnostic it came from, when one did. */
  readonly diagnostic?: string;
}
