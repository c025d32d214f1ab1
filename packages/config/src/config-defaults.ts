import { BUDGET_DEFAULTS } from "@promptstack/core";

/**
 * Built-in defaults, the lowest layer of resolution. The schema records the same values as
 * JSON Schema `default`s, so docs, lookup and resolution cannot disagree.
 */
export const CONFIG_DEFAULTS = {
  bootstrapMaxChars: BUDGET_DEFAULTS.bootstrapMaxChars,
  bootstrapTotalMaxChars: BUDGET_DEFAULTS.bootstrapTotalMaxChars,
  maxSkillsPromptChars: BUDGET_DEFAULTS.maxSkillsPromptChars,
  maxSkillsInPrompt: BUDGET_DEFAULTS.maxSkillsInPrompt,
  skillVersionMarkers: false,
  memoryGetMaxChars: 12_000,
  toolResultMaxChars: 16_000,
  agentsRefreshMaxChars: 20_000,
  startupContextMaxChars: BUDGET_DEFAULTS.startupContextMaxChars,
  heartbeatFile: "HEARTBEAT.md",
  heartbeatPrompt:
    "Scheduled heartbeat. Act on whatever the heartbeat notes below say is due now; do not revive old tasks from earlier chats on your own. If nothing needs attention, reply with one short line saying so.",
  memoryCitations: "auto",
  gpt5Personality: "friendly",
  updatePlan: true,
  execAsk: "on-miss",
  execSecurity: "allowlist",
  promptSize: "full",
} as const;

/**
 * Compact prompt size (`systemPrompt.size: "compact"`) scales the bootstrap and skills-list char
 * budgets that are not set explicitly by this factor; an explicit value always wins.
 */
export const COMPACT_BUDGET_FACTOR = 0.5;
