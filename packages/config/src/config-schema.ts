import * as z from "zod";
import { COMPACT_BUDGET_FACTOR, CONFIG_DEFAULTS } from "./config-defaults.js";
import { isKnownTimeZone } from "./is-known-time-zone.js";

// Internal: the zod schema never leaves the package; public types live in config-types.ts.
// Built on first use, not at import: constructing the zod schemas cost milliseconds of every
// cold start of the packages above, including runs that never parse a document.
const SECTION_ID_PATTERN = /^[a-z][a-z0-9_]*$/;

/** Bootstrap files a profile may require (kept in step with `@promptstack/bootstrap`'s list). */
export const REQUIRABLE_WORKSPACE_FILES = [
  "AGENTS.md",
  "SOUL.md",
  "IDENTITY.md",
  "USER.md",
  "MEMORY.md",
] as const;

function buildConfigSchema() {
  const positiveInt = () => z.number().int().positive();

  const nonEmptyString = () => z.string().min(1);

  const createContextLimitsSchema = (recordDefaults: boolean) =>
    z
      .object({
        memoryGetMaxChars: positiveInt()
          .describe("Most characters one `memory_get` call returns to the model.")
          .meta(recordDefaults ? { default: CONFIG_DEFAULTS.memoryGetMaxChars } : {})
          .optional(),
        toolResultMaxChars: positiveInt()
          .describe("Most characters of one live tool result kept in context.")
          .meta(recordDefaults ? { default: CONFIG_DEFAULTS.toolResultMaxChars } : {})
          .optional(),
        agentsRefreshMaxChars: positiveInt()
          .describe("Most characters of AGENTS.md re-injected after a compaction.")
          .meta(recordDefaults ? { default: CONFIG_DEFAULTS.agentsRefreshMaxChars } : {})
          .optional(),
        startupContextMaxChars: positiveInt()
          .describe(
            "Most characters of recent daily memory prepended to a bare `/new` or `/reset` turn.",
          )
          .meta(recordDefaults ? { default: CONFIG_DEFAULTS.startupContextMaxChars } : {})
          .optional(),
      })
      .describe(
        "Runtime excerpt budgets (memory_get, tool results, AGENTS.md refresh, startup context).",
      )
      .optional();

  const heartbeatSchema = z
    .object({
      every: nonEmptyString()
        .describe("Heartbeat interval as a duration such as `30m` or `1h`.")
        .optional(),
      prompt: nonEmptyString().describe("User message sent on each heartbeat turn.").optional(),
      file: nonEmptyString()
        .describe("Workspace file holding heartbeat scratch content (default `HEARTBEAT.md`).")
        .optional(),
      includeSystemPromptSection: z
        .boolean()
        .describe("Deprecated, no effect: the system prompt has no heartbeat section any more.")
        .meta({ deprecated: true })
        .optional(),
    })
    .describe(
      "Heartbeat turns. Scratch content reaches only the heartbeat message, never the prompt.",
    )
    .optional();

  const compactPercent = `${Math.round(COMPACT_BUDGET_FACTOR * 100)}%`;

  // ---- Product profile and section registry ------------------------------------------------
  // One block for `profile` and `sections` (docs/profiles.md). Section ids are checked against the
  // renderer's section table after parsing (`findSectionRegistryIssues`); the sections file is read
  // by `@promptstack/agent`, never here.

  const sectionIdSchema = () =>
    z.string().regex(SECTION_ID_PATTERN, { message: "expected a snake_case section id" });

  const featureFlag = (what: string) => z.boolean().describe(what).optional();

  const productFeaturesSchema = z
    .object({
      gatewayTool: featureFlag("A `gateway` tool with config operations (Control section)."),
      controlUi: featureFlag("A Control UI (embed section, portals line)."),
      productCli: featureFlag("A product CLI named `cliName` (`status`, `configure`, ...)."),
      replyDirectives: featureFlag("Reply directives (`MEDIA:`, `[[...]]`) and `NO_REPLY`."),
      docs: featureFlag("Public docs, source and community locations (Documentation section)."),
      skillsHub: featureFlag("A skills hub at `skillsHubUrl`."),
      channelRouting: featureFlag("Channel replies routed through the product (Messaging)."),
      approvalCommand: featureFlag("The `/approve` chat command (Exec Approvals section)."),
      referenceToolGuidance: featureFlag("Built-in guidance keyed by the reference tool names."),
    })
    .describe(
      "Features the product has, merged over the base profile's; an undeclared one never renders.",
    );

  const inlineProfileSchema = z
    .object({
      extends: z
        .enum(["openclaw", "neutral"])
        .describe("Built-in profile this one starts from; every key given here overrides it.")
        .meta({ default: "neutral" })
        .optional(),
      name: nonEmptyString().describe("Product display name.").optional(),
      cliName: nonEmptyString()
        .describe("Product command name (rendered only with `productCli`).")
        .optional(),
      docsUrl: nonEmptyString().describe("Public docs URL (rendered only with `docs`).").optional(),
      sourceUrl: nonEmptyString()
        .describe("Public source URL (rendered only with `docs`).")
        .optional(),
      skillsHubUrl: nonEmptyString()
        .describe("Skills hub URL (rendered only with `skillsHub`).")
        .optional(),
      communityUrl: nonEmptyString()
        .describe("Community link (rendered only with `docs`).")
        .optional(),
      delimiterWord: z
        .string()
        .regex(/^[A-Z][A-Z0-9_]*$/, { message: "expected an upper-case word such as PIP" })
        .describe(
          "Word inside the internal-context delimiters (`<<<BEGIN_<WORD>_INTERNAL_CONTEXT>>>`).",
        )
        .optional(),
      features: productFeaturesSchema.optional(),
      fenceContextFiles: z
        .boolean()
        .describe("Wrap each injected workspace file in a `<file path>` tag.")
        .optional(),
      ownerAuthority: z
        .boolean()
        .describe(
          "Execution Bias keeps authority with the owner (an available tool is not consent).",
        )
        .optional(),
      requiredWorkspaceFiles: z
        .array(z.enum(REQUIRABLE_WORKSPACE_FILES))
        .describe(
          "Bootstrap files that inject a missing-file marker when absent; the rest are optional.",
        )
        .optional(),
    })
    .describe("An inline product profile: a built-in one (`extends`) with keys overridden.");

  const customSectionSchema = z
    .object({
      id: sectionIdSchema().describe("snake_case id, unique among built-in and custom sections."),
      heading: nonEmptyString()
        .regex(/^[^\r\n]+$/, { message: "expected a single-line heading" })
        .describe("Rendered as `## <heading>`."),
      cache: z
        .enum(["stable", "volatile"])
        .describe("`stable`: above the cache boundary, rendered once; `volatile`: below it."),
      after: sectionIdSchema().describe("Insert right after this section id.").optional(),
      before: sectionIdSchema().describe("Insert right before this section id.").optional(),
      modes: z
        .array(z.enum(["full", "minimal", "none"]).describe("A prompt mode."))
        .describe("Prompt modes that render the section (default `full` and `minimal`).")
        .optional(),
      text: z
        .string()
        .describe("Body text; when absent, the sections file's block with this id.")
        .optional(),
    })
    .refine((section) => (section.after === undefined) !== (section.before === undefined), {
      message: "give exactly one of after and before",
    })
    .describe("A custom section.");

  const sectionsSchema = z
    .object({
      file: nonEmptyString()
        .describe(
          "Markdown file of section texts (`<!-- section: <id> -->` blocks), relative to the config file's folder and inside it. A block with a custom id is that section's text; a block with a built-in id replaces that section.",
        )
        .optional(),
      disable: z
        .array(sectionIdSchema().describe("Id of a built-in or custom section."))
        .describe("Section ids never rendered.")
        .optional(),
      replace: z
        .record(sectionIdSchema(), z.string().describe("The section's new body text."))
        .describe(
          'New body text per section id; heading, cache side and gate stay. `""` removes it.',
        )
        .optional(),
      add: z.array(customSectionSchema).describe("Custom sections, inserted in order.").optional(),
    })
    .describe(
      "Section registry: disable, replace or add prompt sections. Each key beats the same key of `agents.defaults.sections`.",
    )
    .optional();

  const createProfileShape = (recordDefaults: boolean) => ({
    profile: z
      .union([z.enum(["openclaw", "neutral"]), inlineProfileSchema])
      .describe(
        "Product profile: `openclaw` (the reference product), `neutral` (a generic chat agent), or an inline profile. The CLI's `--profile` beats it.",
      )
      .meta(recordDefaults ? { default: "openclaw" } : {})
      .optional(),
    sections: sectionsSchema,
  });

  // ---- end of the profile block ------------------------------------------------------------

  const createAgentPromptSettingsShape = (recordDefaults: boolean) => ({
    ...createProfileShape(recordDefaults),
    systemPrompt: z
      .object({
        size: z
          .enum(["full", "compact"])
          .describe(
            `Wording of the built-in sections. \`compact\` keeps every rule in fewer words, for small models, and scales the bootstrap (\`bootstrapMaxChars\`, \`bootstrapTotalMaxChars\`) and skills-list (\`maxSkillsPromptChars\`) char budgets that are not set explicitly to ${compactPercent} of their defaults.`,
          )
          .meta(recordDefaults ? { default: CONFIG_DEFAULTS.promptSize } : {})
          .optional(),
      })
      .describe("System prompt settings.")
      .optional(),
    workspace: nonEmptyString()
      .describe("Configured agent workspace directory; bootstrap files are read from it.")
      .optional(),
    userTimezone: nonEmptyString()
      .refine(isKnownTimeZone, { message: "expected an IANA time zone such as Europe/Berlin" })
      .describe(
        "User's IANA time zone; the runtime formats the time context's date in it. The facade warns when run facts report another zone.",
      )
      .optional(),
    bootstrapMaxChars: positiveInt()
      .describe("Per-file character budget for injected bootstrap files.")
      .meta(recordDefaults ? { default: CONFIG_DEFAULTS.bootstrapMaxChars } : {})
      .optional(),
    bootstrapTotalMaxChars: positiveInt()
      .describe("Character budget across all injected bootstrap files.")
      .meta(recordDefaults ? { default: CONFIG_DEFAULTS.bootstrapTotalMaxChars } : {})
      .optional(),
    bootstrapMaxTokens: positiveInt()
      .describe(
        "Optional per-file token budget (o200k_base) on top of the char budget; off when unset.",
      )
      .optional(),
    bootstrapTotalMaxTokens: positiveInt()
      .describe(
        "Optional total token budget (o200k_base) on top of the char budget; off when unset.",
      )
      .optional(),
    skills: z
      .array(nonEmptyString().describe("Skill name (the `name` in its SKILL.md frontmatter)."))
      .describe("Skills allowlist by name. Unset: unrestricted. `[]`: no skills.")
      .optional(),
    skillsLimits: z
      .object({
        maxSkillsPromptChars: positiveInt()
          .describe(
            "Character budget of the skills list; overrides `skills.limits.maxSkillsPromptChars`.",
          )
          .optional(),
      })
      .describe("Skills-list budget for this scope.")
      .optional(),
    contextLimits: createContextLimitsSchema(recordDefaults),
    subagents: z
      .object({
        delegationMode: z
          .enum(["suggest", "prefer"])
          .describe(
            "`suggest` keeps the base nudge; `prefer` adds the Delegation section. Unset: `prefer` in the main session, `suggest` elsewhere.",
          )
          .optional(),
      })
      .describe("Sub-agent delegation.")
      .optional(),
    heartbeat: heartbeatSchema,
    models: z
      .record(nonEmptyString(), nonEmptyString().describe("Model id the alias stands for."))
      .describe("Model aliases: alias name → model id, listed in the Model Aliases section.")
      .optional(),
    ownerDisplay: nonEmptyString()
      .describe("How the owner is shown in the User Identity section.")
      .optional(),
    tts: z
      .object({
        hint: nonEmptyString()
          .describe("Text-to-speech hint shown in the Voice section.")
          .optional(),
      })
      .describe("Text-to-speech settings.")
      .optional(),
    memory: z
      .object({
        citations: z
          .enum(["on", "off", "auto"])
          .describe("Whether memory recall asks the model to cite memory sources.")
          .meta(recordDefaults ? { default: CONFIG_DEFAULTS.memoryCitations } : {})
          .optional(),
      })
      .describe("Memory recall settings.")
      .optional(),
  });

  const agentDefaultsSchema = z
    .object({
      ...createAgentPromptSettingsShape(true),
      timeFormat: z
        .enum(["auto", "12", "24"])
        .describe("Deprecated, no effect: the time context shows the date and time zone only.")
        .meta({ deprecated: true })
        .optional(),
      bootstrapPromptTruncationWarning: z
        .enum(["off", "once", "always"])
        .describe("Deprecated, no effect: the truncation notice is built in and always shown.")
        .meta({ deprecated: true })
        .optional(),
    })
    .describe("Settings every agent inherits.")
    .optional();

  const agentEntrySchema = z
    .object({
      name: nonEmptyString()
        .describe("Display name of the agent (not used in the prompt).")
        .optional(),
      ...createAgentPromptSettingsShape(false),
    })
    .describe("Overrides for one agent; each key beats `agents.defaults`, unset keys inherit it.");

  const skillEntrySchema = z
    .object({
      enabled: z.boolean().describe("`false` turns the skill off for every agent.").optional(),
      env: z
        .record(nonEmptyString(), z.string().describe("Value of the environment variable."))
        .describe("Environment values that satisfy the skill's `requires.env` gates.")
        .optional(),
      config: z
        .record(z.string(), z.unknown())
        .describe("Free-form settings read by the skill's `requires.config` gates.")
        .optional(),
      listing: z
        .enum(["pinned", "normal", "name-only", "manual"])
        .describe(
          "How the eligible skill is listed: `pinned` is always listed and keeps its description longest (dropped only when even the pinned names and locations exceed the budget); `normal` follows the budget ladder; `name-only` is listed without its description; `manual` is never listed and runs only when a user names it.",
        )
        .meta({ default: "normal" })
        .optional(),
      priority: z
        .number()
        .describe(
          "When the skills budget is short, skills of one listing class with a higher priority keep the longer form and are left out last (pinned skills rank above all others).",
        )
        .meta({ default: 0 })
        .optional(),
    })
    .describe("Settings of one skill, keyed by its skill key.");

  const pluginEntryShape = {
    enabled: z.boolean().describe("`false` turns the plugin (and its skills) off.").optional(),
    config: z.record(z.string(), z.unknown()).describe("Free-form plugin settings.").optional(),
  };

  const openAiPluginSchema = z
    .object({
      enabled: pluginEntryShape.enabled,
      config: z
        .looseObject({
          personality: z
            .enum(["friendly", "on", "off"])
            .describe(
              "GPT-5 friendly interaction style: `friendly` (or its alias `on`) keeps it, `off` drops it; the behaviour contract stays.",
            )
            .meta({ default: CONFIG_DEFAULTS.gpt5Personality })
            .optional(),
        })
        .describe("OpenAI plugin settings.")
        .optional(),
    })
    .describe("The OpenAI provider plugin.")
    .optional();

  /** The whole prompt-relevant configuration (internal). */
  const configSchema = z
    .object({
      agents: z
        .object({
          defaults: agentDefaultsSchema,
          entries: z
            .record(nonEmptyString(), agentEntrySchema)
            .describe(
              "Per-agent overrides keyed by agent id (legacy `agents.list[]` is converted).",
            )
            .optional(),
        })
        .describe("Agent settings.")
        .optional(),
      skills: z
        .object({
          limits: z
            .object({
              maxSkillsPromptChars: positiveInt()
                .describe("Global character budget of the `<available_skills>` list.")
                .meta({ default: CONFIG_DEFAULTS.maxSkillsPromptChars })
                .optional(),
              maxSkillsInPrompt: positiveInt()
                .describe("Most skills listed in the prompt.")
                .meta({ default: CONFIG_DEFAULTS.maxSkillsInPrompt })
                .optional(),
            })
            .describe("Global skills-list budgets.")
            .optional(),
          entries: z
            .record(nonEmptyString(), skillEntrySchema)
            .describe("Per-skill settings keyed by skill key.")
            .optional(),
          load: z
            .object({
              extraDirs: z
                .array(nonEmptyString().describe("Folder that holds skill folders."))
                .describe("Extra skill folders, lowest precedence.")
                .optional(),
            })
            .describe("Where skills are discovered.")
            .optional(),
        })
        .describe("Skills subsystem.")
        .optional(),
      plugins: z
        .object({
          entries: z
            .object({ openai: openAiPluginSchema })
            .catchall(z.object(pluginEntryShape).describe("Settings of one plugin."))
            .describe("Plugins keyed by id; a listed plugin is enabled unless `enabled` is false.")
            .optional(),
        })
        .describe("Provider and tool plugins.")
        .optional(),
      tools: z
        .object({
          updatePlan: z
            .boolean()
            .describe("Plan tool guidance (`update_plan`); needs the tool to be available too.")
            .meta({ default: CONFIG_DEFAULTS.updatePlan })
            .optional(),
          exec: z
            .object({
              ask: z
                .enum(["off", "on-miss", "always"])
                .describe(
                  "When exec asks for approval. Protected: the agent-facing gateway tool cannot change it.",
                )
                .meta({ default: CONFIG_DEFAULTS.execAsk })
                .optional(),
              security: z
                .enum(["deny", "allowlist", "full"])
                .describe(
                  "Which host commands exec may run. Protected: the agent-facing gateway tool cannot change it.",
                )
                .meta({ default: CONFIG_DEFAULTS.execSecurity })
                .optional(),
            })
            .describe("Exec tool policy (legacy `tools.bash.*`).")
            .optional(),
        })
        .describe("Tool settings.")
        .optional(),
    })
    .describe("promptstack configuration.");
  return configSchema;
}

/** The zod schema of the whole prompt-relevant configuration (internal). */
export type ConfigSchema = ReturnType<typeof buildConfigSchema>;

let builtConfigSchema: ConfigSchema | undefined;

/** The zod schema of the whole prompt-relevant configuration (internal). Built once, on the first call. */
export function getConfigSchema(): ConfigSchema {
  builtConfigSchema ??= buildConfigSchema();
  return builtConfigSchema;
}
