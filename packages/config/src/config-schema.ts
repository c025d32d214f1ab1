import * as z from "zod/mini";
import { COMPACT_BUDGET_FACTOR, CONFIG_DEFAULTS } from "./config-defaults.js";
import { isKnownTimeZone } from "./is-known-time-zone.js";
import { documented } from "./document-schema.js";
import { useEnglishZodMessages } from "./use-english-zod-messages.js";

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
  useEnglishZodMessages();
  const optional = z.optional;

  const positiveInt = (...checks: z.core.$ZodCheck<number>[]) =>
    z.number().check(z.int(), z.positive(), ...checks);

  const nonEmptyString = (...checks: z.core.$ZodCheck<string>[]) =>
    z.string().check(z.minLength(1), ...checks);

  const createContextLimitsSchema = (recordDefaults: boolean) =>
    optional(
      z
        .object({
          memoryGetMaxChars: optional(
            positiveInt().apply(
              documented(
                "Most characters one `memory_get` call returns to the model.",
                recordDefaults ? { default: CONFIG_DEFAULTS.memoryGetMaxChars } : {},
              ),
            ),
          ),
          toolResultMaxChars: optional(
            positiveInt().apply(
              documented(
                "Most characters of one live tool result kept in context.",
                recordDefaults ? { default: CONFIG_DEFAULTS.toolResultMaxChars } : {},
              ),
            ),
          ),
          agentsRefreshMaxChars: optional(
            positiveInt().apply(
              documented(
                "Most characters of AGENTS.md re-injected after a compaction.",
                recordDefaults ? { default: CONFIG_DEFAULTS.agentsRefreshMaxChars } : {},
              ),
            ),
          ),
          startupContextMaxChars: optional(
            positiveInt().apply(
              documented(
                "Most characters of recent daily memory prepended to a bare `/new` or `/reset` turn.",
                recordDefaults ? { default: CONFIG_DEFAULTS.startupContextMaxChars } : {},
              ),
            ),
          ),
        })
        .apply(
          documented(
            "Runtime excerpt budgets (memory_get, tool results, AGENTS.md refresh, startup context).",
          ),
        ),
    );

  const createHeartbeatSchema = (recordDefaults: boolean) =>
    optional(
      z
        .object({
          every: optional(
            nonEmptyString().apply(
              documented("Heartbeat interval as a duration such as `30m` or `1h`."),
            ),
          ),
          prompt: optional(
            nonEmptyString().apply(
              documented(
                "User message of each heartbeat turn; the heartbeat file's content follows it when the file is not empty.",
                recordDefaults ? { default: CONFIG_DEFAULTS.heartbeatPrompt } : {},
              ),
            ),
          ),
          file: optional(
            nonEmptyString().apply(
              documented(
                "Workspace file holding heartbeat scratch content, relative to the workspace; read (bounded) on heartbeat turns only.",
                recordDefaults ? { default: CONFIG_DEFAULTS.heartbeatFile } : {},
              ),
            ),
          ),
          includeSystemPromptSection: optional(
            z
              .boolean()
              .apply(
                documented(
                  "Deprecated, no effect: the system prompt has no heartbeat section any more.",
                  { deprecated: true },
                ),
              ),
          ),
        })
        .apply(
          documented(
            "Heartbeat turns. Scratch content reaches only the heartbeat message, never the prompt.",
          ),
        ),
    );

  const compactPercent = `${Math.round(COMPACT_BUDGET_FACTOR * 100)}%`;

  // ---- Product profile and section registry ------------------------------------------------
  // One block for `profile` and `sections` (docs/profiles.md). Section ids are checked against the
  // renderer's section table after parsing (`findSectionRegistryIssues`); the sections file is read
  // by `@promptstack/agent`, never here.

  const sectionIdSchema = (...checks: z.core.$ZodCheck<string>[]) =>
    z
      .string()
      .check(
        z.regex(SECTION_ID_PATTERN, { message: "expected a snake_case section id" }),
        ...checks,
      );

  const featureFlag = (what: string) => optional(z.boolean().apply(documented(what)));

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
    .apply(
      documented(
        "Features the product has, merged over the base profile's; an undeclared one never renders.",
      ),
    );

  const inlineProfileSchema = z
    .object({
      extends: optional(
        z
          .enum(["openclaw", "neutral"])
          .apply(
            documented(
              "Built-in profile this one starts from; every key given here overrides it.",
              { default: "neutral" },
            ),
          ),
      ),
      name: optional(nonEmptyString().apply(documented("Product display name."))),
      cliName: optional(
        nonEmptyString().apply(
          documented("Product command name (rendered only with `productCli`)."),
        ),
      ),
      docsUrl: optional(
        nonEmptyString().apply(documented("Public docs URL (rendered only with `docs`).")),
      ),
      sourceUrl: optional(
        nonEmptyString().apply(documented("Public source URL (rendered only with `docs`).")),
      ),
      skillsHubUrl: optional(
        nonEmptyString().apply(documented("Skills hub URL (rendered only with `skillsHub`).")),
      ),
      communityUrl: optional(
        nonEmptyString().apply(documented("Community link (rendered only with `docs`).")),
      ),
      delimiterWord: optional(
        z
          .string()
          .check(
            z.regex(/^[A-Z][A-Z0-9_]*$/, { message: "expected an upper-case word such as PIP" }),
          )
          .apply(
            documented(
              "Word inside the internal-context delimiters (`<<<BEGIN_<WORD>_INTERNAL_CONTEXT>>>`).",
            ),
          ),
      ),
      features: optional(productFeaturesSchema),
      fenceContextFiles: optional(
        z.boolean().apply(documented("Wrap each injected workspace file in a `<file path>` tag.")),
      ),
      ownerAuthority: optional(
        z
          .boolean()
          .apply(
            documented(
              "Execution Bias keeps authority with the owner (an available tool is not consent).",
            ),
          ),
      ),
      requiredWorkspaceFiles: optional(
        z
          .array(z.enum(REQUIRABLE_WORKSPACE_FILES))
          .apply(
            documented(
              "Bootstrap files that inject a missing-file marker when absent; the rest are optional.",
            ),
          ),
      ),
    })
    .apply(
      documented("An inline product profile: a built-in one (`extends`) with keys overridden."),
    );

  const customSectionSchema = z
    .object({
      id: sectionIdSchema().apply(
        documented("snake_case id, unique among built-in and custom sections."),
      ),
      heading: nonEmptyString(
        z.regex(/^[^\r\n]+$/, { message: "expected a single-line heading" }),
      ).apply(documented("Rendered as `## <heading>`.")),
      cache: z
        .enum(["stable", "volatile"])
        .apply(
          documented("`stable`: above the cache boundary, rendered once; `volatile`: below it."),
        ),
      after: optional(sectionIdSchema().apply(documented("Insert right after this section id."))),
      before: optional(sectionIdSchema().apply(documented("Insert right before this section id."))),
      modes: optional(
        z
          .array(z.enum(["full", "minimal", "none"]).apply(documented("A prompt mode.")))
          .apply(
            documented("Prompt modes that render the section (default `full` and `minimal`)."),
          ),
      ),
      text: optional(
        z
          .string()
          .apply(documented("Body text; when absent, the sections file's block with this id.")),
      ),
    })
    .check(
      z.refine((section) => (section.after === undefined) !== (section.before === undefined), {
        message: "give exactly one of after and before",
      }),
    )
    .apply(documented("A custom section."));

  const sectionsSchema = optional(
    z
      .object({
        file: optional(
          nonEmptyString().apply(
            documented(
              "Markdown file of section texts (`<!-- section: <id> -->` blocks), relative to the config file's folder and inside it. A block with a custom id is that section's text; a block with a built-in id replaces that section.",
            ),
          ),
        ),
        disable: optional(
          z
            .array(sectionIdSchema().apply(documented("Id of a built-in or custom section.")))
            .apply(documented("Section ids never rendered.")),
        ),
        replace: optional(
          z
            .record(sectionIdSchema(), z.string().apply(documented("The section's new body text.")))
            .apply(
              documented(
                'New body text per section id; heading, cache side and gate stay. `""` removes it.',
              ),
            ),
        ),
        add: optional(
          z.array(customSectionSchema).apply(documented("Custom sections, inserted in order.")),
        ),
      })
      .apply(
        documented(
          "Section registry: disable, replace or add prompt sections. Each key beats the same key of `agents.defaults.sections`.",
        ),
      ),
  );

  const createProfileShape = (recordDefaults: boolean) => ({
    profile: optional(
      z
        .union([z.enum(["openclaw", "neutral"]), inlineProfileSchema])
        .apply(
          documented(
            "Product profile: `openclaw` (the reference product), `neutral` (a generic chat agent), or an inline profile. The CLI's `--profile` beats it.",
            recordDefaults ? { default: "openclaw" } : {},
          ),
        ),
    ),
    sections: sectionsSchema,
  });

  // ---- end of the profile block ------------------------------------------------------------

  const createAgentPromptSettingsShape = (recordDefaults: boolean) => ({
    ...createProfileShape(recordDefaults),
    systemPrompt: optional(
      z
        .object({
          size: optional(
            z
              .enum(["full", "compact"])
              .apply(
                documented(
                  `Wording of the built-in sections. \`compact\` keeps every rule in fewer words, for small models, and scales the bootstrap (\`bootstrapMaxChars\`, \`bootstrapTotalMaxChars\`) and skills-list (\`maxSkillsPromptChars\`) char budgets that are not set explicitly to ${compactPercent} of their defaults.`,
                  recordDefaults ? { default: CONFIG_DEFAULTS.promptSize } : {},
                ),
              ),
          ),
        })
        .apply(documented("System prompt settings.")),
    ),
    workspace: optional(
      nonEmptyString().apply(
        documented("Configured agent workspace directory; bootstrap files are read from it."),
      ),
    ),
    userTimezone: optional(
      nonEmptyString(
        z.refine(isKnownTimeZone, { message: "expected an IANA time zone such as Europe/Berlin" }),
      ).apply(
        documented(
          "User's IANA time zone; the runtime formats the time context's date in it. The facade warns when run facts report another zone.",
        ),
      ),
    ),
    bootstrapMaxChars: optional(
      positiveInt().apply(
        documented(
          "Per-file character budget for injected bootstrap files.",
          recordDefaults ? { default: CONFIG_DEFAULTS.bootstrapMaxChars } : {},
        ),
      ),
    ),
    bootstrapTotalMaxChars: optional(
      positiveInt().apply(
        documented(
          "Character budget across all injected bootstrap files.",
          recordDefaults ? { default: CONFIG_DEFAULTS.bootstrapTotalMaxChars } : {},
        ),
      ),
    ),
    bootstrapMaxTokens: optional(
      positiveInt().apply(
        documented(
          "Optional per-file token budget (o200k_base) on top of the char budget; off when unset.",
        ),
      ),
    ),
    bootstrapTotalMaxTokens: optional(
      positiveInt().apply(
        documented(
          "Optional total token budget (o200k_base) on top of the char budget; off when unset.",
        ),
      ),
    ),
    skills: optional(
      z
        .array(
          nonEmptyString().apply(
            documented("Skill name (the `name` in its SKILL.md frontmatter)."),
          ),
        )
        .apply(documented("Skills allowlist by name. Unset: unrestricted. `[]`: no skills.")),
    ),
    skillsLimits: optional(
      z
        .object({
          maxSkillsPromptChars: optional(
            positiveInt().apply(
              documented(
                "Character budget of the skills list; overrides `skills.limits.maxSkillsPromptChars`.",
              ),
            ),
          ),
        })
        .apply(documented("Skills-list budget for this scope.")),
    ),
    contextLimits: createContextLimitsSchema(recordDefaults),
    subagents: optional(
      z
        .object({
          delegationMode: optional(
            z
              .enum(["suggest", "prefer"])
              .apply(
                documented(
                  "`suggest` keeps the base nudge; `prefer` adds the Delegation section. Unset: `prefer` in the main session, `suggest` elsewhere.",
                ),
              ),
          ),
        })
        .apply(documented("Sub-agent delegation.")),
    ),
    heartbeat: createHeartbeatSchema(recordDefaults),
    models: optional(
      z
        .record(
          nonEmptyString(),
          nonEmptyString().apply(documented("Model id the alias stands for.")),
        )
        .apply(
          documented("Model aliases: alias name → model id, listed in the Model Aliases section."),
        ),
    ),
    ownerDisplay: optional(
      nonEmptyString().apply(documented("How the owner is shown in the User Identity section.")),
    ),
    tts: optional(
      z
        .object({
          hint: optional(
            nonEmptyString().apply(documented("Text-to-speech hint shown in the Voice section.")),
          ),
        })
        .apply(documented("Text-to-speech settings.")),
    ),
    memory: optional(
      z
        .object({
          citations: optional(
            z
              .enum(["on", "off", "auto"])
              .apply(
                documented(
                  "Whether memory recall asks the model to cite memory sources.",
                  recordDefaults ? { default: CONFIG_DEFAULTS.memoryCitations } : {},
                ),
              ),
          ),
        })
        .apply(documented("Memory recall settings.")),
    ),
  });

  const agentDefaultsSchema = optional(
    z
      .object({
        ...createAgentPromptSettingsShape(true),
        timeFormat: optional(
          z
            .enum(["auto", "12", "24"])
            .apply(
              documented(
                "Deprecated, no effect: the time context shows the date and time zone only.",
                { deprecated: true },
              ),
            ),
        ),
        bootstrapPromptTruncationWarning: optional(
          z
            .enum(["off", "once", "always"])
            .apply(
              documented(
                "Deprecated, no effect: the truncation notice is built in and always shown.",
                { deprecated: true },
              ),
            ),
        ),
      })
      .apply(documented("Settings every agent inherits.")),
  );

  const agentEntrySchema = z
    .object({
      name: optional(
        nonEmptyString().apply(documented("Display name of the agent (not used in the prompt).")),
      ),
      ...createAgentPromptSettingsShape(false),
    })
    .apply(
      documented(
        "Overrides for one agent; each key beats `agents.defaults`, unset keys inherit it.",
      ),
    );

  const skillEntrySchema = z
    .object({
      enabled: optional(
        z.boolean().apply(documented("`false` turns the skill off for every agent.")),
      ),
      env: optional(
        z
          .record(
            nonEmptyString(),
            z.string().apply(documented("Value of the environment variable.")),
          )
          .apply(documented("Environment values that satisfy the skill's `requires.env` gates.")),
      ),
      config: optional(
        z
          .record(z.string(), z.unknown())
          .apply(documented("Free-form settings read by the skill's `requires.config` gates.")),
      ),
      listing: optional(
        z
          .enum(["pinned", "normal", "name-only", "manual"])
          .apply(
            documented(
              "How the eligible skill is listed: `pinned` is always listed and keeps its description longest (dropped only when even the pinned names and locations exceed the budget); `normal` follows the budget ladder; `name-only` is listed without its description; `manual` is never listed and runs only when a user names it.",
              { default: "normal" },
            ),
          ),
      ),
      priority: optional(
        z
          .number()
          .apply(
            documented(
              "When the skills budget is short, skills of one listing class with a higher priority keep the longer form and are left out last (pinned skills rank above all others).",
              { default: 0 },
            ),
          ),
      ),
    })
    .apply(documented("Settings of one skill, keyed by its skill key."));

  const pluginEntryShape = {
    enabled: optional(
      z.boolean().apply(documented("`false` turns the plugin (and its skills) off.")),
    ),
    config: optional(
      z.record(z.string(), z.unknown()).apply(documented("Free-form plugin settings.")),
    ),
  };

  const openAiPluginSchema = optional(
    z
      .object({
        enabled: pluginEntryShape.enabled,
        config: optional(
          z
            .looseObject({
              personality: optional(
                z
                  .enum(["friendly", "on", "off"])
                  .apply(
                    documented(
                      "GPT-5 friendly interaction style: `friendly` (or its alias `on`) keeps it, `off` drops it; the behaviour contract stays.",
                      { default: CONFIG_DEFAULTS.gpt5Personality },
                    ),
                  ),
              ),
            })
            .apply(documented("OpenAI plugin settings.")),
        ),
      })
      .apply(documented("The OpenAI provider plugin.")),
  );

  /** The whole prompt-relevant configuration (internal). */
  const configSchema = z
    .object({
      agents: optional(
        z
          .object({
            defaults: agentDefaultsSchema,
            entries: optional(
              z
                .record(nonEmptyString(), agentEntrySchema)
                .apply(
                  documented(
                    "Per-agent overrides keyed by agent id (legacy `agents.list[]` is converted).",
                  ),
                ),
            ),
          })
          .apply(documented("Agent settings.")),
      ),
      skills: optional(
        z
          .object({
            limits: optional(
              z
                .object({
                  maxSkillsPromptChars: optional(
                    positiveInt().apply(
                      documented("Global character budget of the `<available_skills>` list.", {
                        default: CONFIG_DEFAULTS.maxSkillsPromptChars,
                      }),
                    ),
                  ),
                  maxSkillsInPrompt: optional(
                    positiveInt().apply(
                      documented("Most skills listed in the prompt.", {
                        default: CONFIG_DEFAULTS.maxSkillsInPrompt,
                      }),
                    ),
                  ),
                })
                .apply(documented("Global skills-list budgets.")),
            ),
            versionMarkers: optional(
              z
                .boolean()
                .apply(
                  documented(
                    "Legacy: add a `<version>sha256:...</version>` line (a hash of SKILL.md) to each listed skill, and a rule to read a skill's SKILL.md again when its version changed. Every SKILL.md edit then changes the prompt's stable prefix.",
                    { default: CONFIG_DEFAULTS.skillVersionMarkers },
                  ),
                ),
            ),
            entries: optional(
              z
                .record(nonEmptyString(), skillEntrySchema)
                .apply(documented("Per-skill settings keyed by skill key.")),
            ),
            load: optional(
              z
                .object({
                  extraDirs: optional(
                    z
                      .array(nonEmptyString().apply(documented("Folder that holds skill folders.")))
                      .apply(documented("Extra skill folders, lowest precedence.")),
                  ),
                })
                .apply(documented("Where skills are discovered.")),
            ),
          })
          .apply(documented("Skills subsystem.")),
      ),
      plugins: optional(
        z
          .object({
            entries: optional(
              z
                .catchall(
                  z.object({ openai: openAiPluginSchema }),
                  z.object(pluginEntryShape).apply(documented("Settings of one plugin.")),
                )
                .apply(
                  documented(
                    "Plugins keyed by id; a listed plugin is enabled unless `enabled` is false.",
                  ),
                ),
            ),
          })
          .apply(documented("Provider and tool plugins.")),
      ),
      tools: optional(
        z
          .object({
            updatePlan: optional(
              z
                .boolean()
                .apply(
                  documented(
                    "Plan tool guidance (`update_plan`); needs the tool to be available too.",
                    { default: CONFIG_DEFAULTS.updatePlan },
                  ),
                ),
            ),
            exec: optional(
              z
                .object({
                  ask: optional(
                    z
                      .enum(["off", "on-miss", "always"])
                      .apply(
                        documented(
                          "When exec asks for approval. Protected: the agent-facing gateway tool cannot change it.",
                          { default: CONFIG_DEFAULTS.execAsk },
                        ),
                      ),
                  ),
                  security: optional(
                    z
                      .enum(["deny", "allowlist", "full"])
                      .apply(
                        documented(
                          "Which host commands exec may run. Protected: the agent-facing gateway tool cannot change it.",
                          { default: CONFIG_DEFAULTS.execSecurity },
                        ),
                      ),
                  ),
                })
                .apply(documented("Exec tool policy (legacy `tools.bash.*`).")),
            ),
          })
          .apply(documented("Tool settings.")),
      ),
    })
    .apply(documented("promptstack configuration."));
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
