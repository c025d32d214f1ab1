/** One legacy spelling and where it now lives (also rendered into docs/configuration.md). */
export interface LegacyConfigAlias {
  readonly legacy: string;
  readonly current: string;
  readonly note: string;
}

/** Every legacy spelling `normalizeLegacyConfig` understands. */
export const LEGACY_CONFIG_ALIASES: readonly LegacyConfigAlias[] = [
  {
    legacy: "agents.list[] ({ id, ... })",
    current: "agents.entries.<id>",
    note: "`agents.entries` wins on a duplicate id; the first list item wins among duplicates.",
  },
  {
    legacy: "agents.defaults.promptOverlays.gpt5.personality",
    current: "plugins.entries.openai.config.personality",
    note: "`on` becomes `friendly`.",
  },
  {
    legacy: "plugins.entries.openai.config.personality = on",
    current: "plugins.entries.openai.config.personality = friendly",
    note: "Value alias.",
  },
  {
    legacy: "tools.bash.*",
    current: "tools.exec.*",
    note: "`tools.exec` wins on conflict; `ask` and `security` stay protected. A merge-patch that deletes `tools.exec` (`null`) and writes `tools.bash.*` leaves a fresh `tools.exec` holding only the legacy keys.",
  },
  {
    legacy: "tools.experimental.planTool",
    current: "tools.updatePlan",
    note: "`tools.updatePlan` wins on conflict.",
  },
  {
    legacy: 'agents.defaults.models = { "<provider/model>": { alias: "<alias>" } }',
    current: 'agents.defaults.models = { "<alias>": "<provider/model>" }',
    note: "The reference product's shape, also under `agents.entries.<id>`; entries without an `alias` (allowlist or params only) are dropped with an info diagnostic; the first model wins an alias.",
  },
  {
    legacy: "memory.citations (top level)",
    current: "agents.defaults.memory.citations",
    note: "The reference product's spelling; `agents.defaults.memory.citations` wins on conflict.",
  },
  {
    legacy: "agents.defaults.timeFormat",
    current: "(none)",
    note: "Accepted and reported; no effect.",
  },
  {
    legacy: "agents.defaults.bootstrapPromptTruncationWarning",
    current: "(none)",
    note: "Accepted and reported; the truncation notice is built in.",
  },
  {
    legacy: "agents.defaults.heartbeat.includeSystemPromptSection",
    current: "(none)",
    note: "Accepted and reported; the prompt has no heartbeat section.",
  },
];
