import * as z from "zod/mini";
import { buildProfileConfigShape } from "./build-profile-config-shape.js";
import { COMPACT_BUDGET_FACTOR, CONFIG_DEFAULTS } from "./config-defaults.js";
import { nonEmptyString, positiveInt } from "./config-schema-primitives.js";
import { documented } from "./document-schema.js";
import { isKnownTimeZone } from "./is-known-time-zone.js";

/** Builds `contextLimits`: the runtime excerpt budgets, with or without recorded defaults. */
function buildContextLimitsSchema(recordDefaults: boolean) {
  const optional = z.optional;
  return optional(
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
}

/** Builds `heartbeat`: the heartbeat turn settings, with or without recorded defaults. */
function buildHeartbeatSchema(recordDefaults: boolean) {
  const optional = z.optional;
  return optional(
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
}

/** Builds `systemPrompt`: the wording size of the built-in sections. */
function buildSystemPromptSchema(recordDefaults: boolean) {
  const optional = z.optional;
  const compactPercent = `${Math.round(COMPACT_BUDGET_FACTOR * 100)}%`;
  return optional(
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
  );
}

/** The `workspace` and `userTimezone` keys: where the agent works and the user's time zone. */
function buildWorkspaceShape() {
  const optional = z.optional;
  return {
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
  };
}

/** The bootstrap file budgets: per-file and total, in characters and (optionally) tokens. */
function buildBootstrapBudgetsShape(recordDefaults: boolean) {
  const optional = z.optional;
  return {
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
  };
}

/** The `skills` allowlist and the `skillsLimits` budget of one scope. */
function buildSkillsSelectionShape() {
  const optional = z.optional;
  return {
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
  };
}

/** Builds `subagents`: the delegation mode. */
function buildSubagentsSchema() {
  const optional = z.optional;
  return optional(
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
  );
}

/** The `models`, `ownerDisplay`, `tts` and `memory` keys: what the user-facing sections show. */
function buildUserFacingShape(recordDefaults: boolean) {
  const optional = z.optional;
  return {
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
  };
}

/** The prompt settings shape shared by `agents.defaults` and each agent entry. */
function createAgentPromptSettingsShape(
  createProfileShape: ReturnType<typeof buildProfileConfigShape>,
  recordDefaults: boolean,
) {
  return {
    ...createProfileShape(recordDefaults),
    systemPrompt: buildSystemPromptSchema(recordDefaults),
    ...buildWorkspaceShape(),
    ...buildBootstrapBudgetsShape(recordDefaults),
    ...buildSkillsSelectionShape(),
    contextLimits: buildContextLimitsSchema(recordDefaults),
    subagents: buildSubagentsSchema(),
    heartbeat: buildHeartbeatSchema(recordDefaults),
    ...buildUserFacingShape(recordDefaults),
  };
}

/**
 * The agents block of the config schema (internal): the prompt settings every agent inherits
 * (`agents.defaults`) and one agent's overrides (`agents.entries.<id>`).
 */
export function buildAgentConfigSchemas() {
  const optional = z.optional;
  const createProfileShape = buildProfileConfigShape();

  const agentDefaultsSchema = optional(
    z
      .object({
        ...createAgentPromptSettingsShape(createProfileShape, true),
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
      ...createAgentPromptSettingsShape(createProfileShape, false),
    })
    .apply(
      documented(
        "Overrides for one agent; each key beats `agents.defaults`, unset keys inherit it.",
      ),
    );
  return { agentDefaultsSchema, agentEntrySchema };
}
