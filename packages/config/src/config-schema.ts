import * as z from "zod/mini";
import { buildAgentConfigSchemas } from "./build-agent-config-schemas.js";
import { CONFIG_DEFAULTS } from "./config-defaults.js";
import { nonEmptyString, positiveInt } from "./config-schema-primitives.js";
import { documented } from "./document-schema.js";
import { useEnglishZodMessages } from "./use-english-zod-messages.js";

// Internal: the zod schema never leaves the package; public types live in config-types.ts.
// Built on first use, not at import: constructing the zod schemas cost milliseconds of every
// cold start of the packages above, including runs that never parse a document.
// The blocks by concern: build-agent-config-schemas.ts (agents), build-profile-config-shape.ts
// (profile and sections), config-schema-primitives.ts (shared building blocks).

/** Builds `agents`: the settings every agent inherits and the per-agent overrides. */
function buildAgentsSchema() {
  const optional = z.optional;
  const { agentDefaultsSchema, agentEntrySchema } = buildAgentConfigSchemas();
  return optional(
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
  );
}

/** Builds one entry of `skills.entries`: the settings of one skill. */
function buildSkillEntrySchema() {
  const optional = z.optional;
  return z
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
}

/** Builds `skills`: global budgets, version markers, per-skill settings and extra folders. */
function buildSkillsSchema() {
  const optional = z.optional;
  return optional(
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
            .record(nonEmptyString(), buildSkillEntrySchema())
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
  );
}

/** The keys of one generic `plugins.entries.<id>` entry. */
function buildPluginEntryShape() {
  const optional = z.optional;
  return {
    enabled: optional(
      z.boolean().apply(documented("`false` turns the plugin (and its skills) off.")),
    ),
    config: optional(
      z.record(z.string(), z.unknown()).apply(documented("Free-form plugin settings.")),
    ),
  };
}

/**
 * Builds `plugins.entries.openai`: the OpenAI plugin and its personality setting. `enabled` is the
 * generic entry's schema itself, so both share one description.
 */
function buildOpenAiPluginSchema(enabled: ReturnType<typeof buildPluginEntryShape>["enabled"]) {
  const optional = z.optional;
  return optional(
    z
      .object({
        enabled,
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
}

/** Builds `plugins`: provider and tool plugins keyed by id. */
function buildPluginsSchema() {
  const optional = z.optional;
  const pluginEntryShape = buildPluginEntryShape();
  return optional(
    z
      .object({
        entries: optional(
          z
            .catchall(
              z.object({ openai: buildOpenAiPluginSchema(pluginEntryShape.enabled) }),
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
  );
}

/** Builds `tools`: the plan tool switch and the exec policy. */
function buildToolsSchema() {
  const optional = z.optional;
  return optional(
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
  );
}

/** Builds the whole config schema, one block per top-level key, after selecting English messages. */
function buildConfigSchema() {
  useEnglishZodMessages();
  const configSchema = z
    .object({
      agents: buildAgentsSchema(),
      skills: buildSkillsSchema(),
      plugins: buildPluginsSchema(),
      tools: buildToolsSchema(),
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
