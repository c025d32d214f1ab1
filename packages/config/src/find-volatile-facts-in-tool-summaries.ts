import type { AgentSystemPromptInput, Diagnostic } from "@promptstack/renderer";

// Shorter values ("ui", "on") match too much ordinary text to be worth a warning.
const MIN_FACT_LENGTH = 3;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Tool summaries sit in Tooling, above the cache boundary. A summary that quotes a per-turn
 * fact (the current channel or chat, the sender, the date or time, the session key) moves the
 * stable prefix whenever that fact changes, and the cache misses silently. Returns one warning
 * per summary and fact. Pure; whole-word, case-insensitive matching.
 */
export function findVolatileFactsInToolSummaries(input: AgentSystemPromptInput): Diagnostic[] {
  const tools = input.tools ?? [];
  const volatile = input.volatile;
  if (tools.length === 0 || volatile === undefined) return [];
  const facts: [label: string, value: string | undefined][] = [
    ["the current channel id", volatile.channel?.id],
    ["the current chat label", volatile.channel?.chatLabel],
    ["the sender", volatile.sender],
    ["the current date", volatile.time?.date],
    ["the current time", volatile.time?.time],
    ["the session key", volatile.runtime?.sessionKey],
  ];
  const patterns: [label: string, value: string, pattern: RegExp][] = [];
  for (const [label, raw] of facts) {
    const value = raw?.trim();
    if (value === undefined || value.length < MIN_FACT_LENGTH) continue;
    patterns.push([
      label,
      value,
      new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(value)}(?![\\p{L}\\p{N}_])`, "iu"),
    ]);
  }
  const diagnostics: Diagnostic[] = [];
  tools.forEach((tool, index) => {
    const summary = tool.summary;
    if (summary === undefined) return;
    for (const [label, value, pattern] of patterns) {
      if (!pattern.test(summary)) continue;
      diagnostics.push({
        code: "CONFIG_TOOL_SUMMARY_VOLATILE",
        severity: "warning",
        message: `the summary of tool ${tool.name} contains ${label} (${JSON.stringify(value)}); tool summaries sit above the cache boundary, so the stable prefix changes with it`,
        path: `tools.${index}.summary`,
        hint: "Keep per-turn facts out of tool summaries; the runtime passes them below the boundary.",
      });
    }
  });
  return diagnostics;
}
