import type { AgentSystemPromptInput } from "@promptstack/renderer";
import type { Diagnostic } from "@promptstack/core";

// Shorter values ("ui", "on") match too much ordinary text to be worth a warning.
const MIN_FACT_LENGTH = 3;

// A letter, digit or underscore: a match next to one is part of a longer word.
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * Whole-word, case-insensitive containment without building a RegExp per fact: the facts change
 * every turn, and compiling a Unicode-aware pattern per turn cost more than the whole render.
 * Both sides are lower-cased once; word boundaries are checked on the lower-cased text.
 */
function containsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (!isWordCharBefore(text, at) && !isWordCharAt(text, at + word.length)) return true;
  }
  return false;
}

function isWordCharAt(text: string, index: number): boolean {
  const code = text.codePointAt(index);
  return code !== undefined && WORD_CHAR.test(String.fromCodePoint(code));
}

function isWordCharBefore(text: string, index: number): boolean {
  if (index === 0) return false;
  const unit = text.charCodeAt(index - 1);
  // The low half of a surrogate pair: the character starts one unit earlier.
  const start = unit >= 0xdc00 && unit <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return isWordCharAt(text, start);
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
  const patterns: [label: string, value: string, lower: string][] = [];
  for (const [label, raw] of facts) {
    const value = raw?.trim();
    if (value === undefined || value.length < MIN_FACT_LENGTH) continue;
    patterns.push([label, value, value.toLowerCase()]);
  }
  const diagnostics: Diagnostic[] = [];
  tools.forEach((tool, index) => {
    const summary = tool.description?.toLowerCase();
    if (summary === undefined) return;
    for (const [label, value, lower] of patterns) {
      if (!containsWord(summary, lower)) continue;
      diagnostics.push({
        code: "CONFIG_TOOL_SUMMARY_VOLATILE",
        severity: "warning",
        message: `the summary of tool ${tool.name} contains ${label} (${JSON.stringify(value)}); tool summaries sit above the cache boundary, so the stable prefix changes with it`,
        path: `tools.${index}.description`,
        hint: "Keep per-turn facts out of tool summaries; the runtime passes them below the boundary.",
      });
    }
  });
  return diagnostics;
}
