import type { CacheRules, CacheSimulation } from "@promptstack/providers";
import { describe, expect, it } from "vitest";
import { markingStyler } from "../../test/marking-styler.js";
import type { CacheReport } from "./build-cache-report.js";
import type { CacheReportPrefix } from "./build-cache-report-prefix.js";
import { formatCacheReport } from "./format-cache-report.js";

const NONE = { inputTokens: 0, cachedTokens: 0, cacheWriteTokens: 0, uncachedTokens: 0 };

/** A one-turn simulation: the first request writes the whole prefix, nothing is read. */
function oneTurn(layout: CacheSimulation["layout"], inputTokens: number): CacheSimulation {
  const turn = { inputTokens, cachedTokens: 0, cacheWriteTokens: inputTokens, uncachedTokens: 0 };
  return {
    provider: "anthropic",
    model: "claude-sonnet-4-5",
    layout,
    tokenCounter: { name: "o200k_base", estimate: true },
    rules: {} as CacheRules,
    turns: [{ turn: 1, ...turn }],
    total: turn,
    fromTurnTwo: NONE,
    requests: [{ turn: 1, step: 0, ...turn }],
    afterFirstRequest: NONE,
    diagnostics: [],
  };
}

const LIVE: CacheReportPrefix = {
  policy: "live",
  turnGapMs: 60_000,
  editEvery: null,
  editFile: null,
  turns: [{ turn: 1, edited: null, refreshed: null, changes: [], note: "" }],
};

function reportOf(prefix: CacheReportPrefix): CacheReport {
  return {
    version: 1,
    estimate: true,
    turns: 1,
    userTokens: 60,
    assistantTokens: 250,
    toolRounds: 0,
    toolResultTokens: 800,
    compactEvery: null,
    factsSource: "facts.json, time.date moved forward one day per turn",
    prefix,
    simulations: [oneTurn("system-tail", 7058), oneTurn("turn-context", 7130)],
    diagnostics: [],
  };
}

const HEAD = [
  "<bold>Cache report (an estimate): 1 turns, user messages of about 60 tokens, replies of about 250.</bold>",
  "Per-turn facts: facts.json, time.date moved forward one day per turn.",
];
const TABLE = [
  "Columns: input tokens of the request, read from cache, written to cache, billed in full, share read from cache.",
  "",
  "<bold>anthropic (claude-sonnet-4-5)</bold>",
  "| turn | anthropic system-tail input | cached | written | full | % cached | anthropic turn-context input | cached | written | full | % cached |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  "| 1 | 7058 | 0 | 7058 | 0 | 0.0% | 7130 | 0 | 7130 | 0 | 0.0% |",
  "| total | 7058 | 0 | 7058 | 0 | 0.0% | 7130 | 0 | 7130 | 0 | 0.0% |",
  "",
  "Token counts: o200k_base, estimate. Simulated under SPEC §11 rules; an estimate, not a bill.",
];

describe("formatCacheReport", () => {
  it("one turn: no turns 2..N, so no row or line for them", () => {
    expect(formatCacheReport(reportOf(LIVE), markingStyler)).toBe(
      [
        ...HEAD,
        "Prefix policy: live (every edit changes the stable prefix at once).",
        ...TABLE,
        "",
      ].join("\n"),
    );
  });

  it("shows the share of turns 2..N over no input tokens as -, not NaN%", () => {
    const text = formatCacheReport({ ...reportOf(LIVE), turns: 2 }, markingStyler);
    expect(text).toContain(
      "anthropic: turns 2-2 served from cache: system-tail -, turn-context - (estimate).",
    );
  });

  it("session over --facts-dir files: their own times, each change of a note, the first note", () => {
    const note = "## Workspace Changes\n- MEMORY.md was edited.\n- NEW.md was added.";
    const prefix: CacheReportPrefix = {
      policy: "session",
      turnGapMs: null,
      editEvery: 1,
      editFile: "MEMORY.md",
      turns: [
        { turn: 1, edited: null, refreshed: "start", changes: [], note: "" },
        {
          turn: 2,
          edited: "MEMORY.md",
          refreshed: null,
          changes: [
            { kind: "file", name: "MEMORY.md", change: "edited", chars: 40 },
            { kind: "file", name: "NEW.md", change: "added", chars: 4 },
          ],
          note,
        },
      ],
    };
    expect(formatCacheReport(reportOf(prefix), markingStyler)).toBe(
      [
        ...HEAD,
        "Prefix policy: session (the prefix stays pinned; edits reach the model as change notes; turn times from the facts files).",
        "Edits: a line appended to MEMORY.md before turns 2, 3, ... (in a temp copy of the workspace; the workspace itself is not touched).",
        ...TABLE,
        "",
        "Prefix by turn (turn-context render):",
        "  turn 1: prefix pinned (start)",
        `  turn 2: MEMORY.md edited before it; change note (${note.length} chars): MEMORY.md edited, NEW.md added`,
        "",
        "The change note of turn 2, as the model receives it:",
        "    ## Workspace Changes",
        "    - MEMORY.md was edited.",
        "    - NEW.md was added.",
        "",
      ].join("\n"),
    );
  });

  it("live with edits: the edited turns, and no change note to quote", () => {
    const prefix: CacheReportPrefix = {
      ...LIVE,
      editEvery: 1,
      editFile: "MEMORY.md",
      turns: [
        { turn: 1, edited: null, refreshed: null, changes: [], note: "" },
        { turn: 2, edited: "MEMORY.md", refreshed: null, changes: [], note: "" },
      ],
    };
    expect(formatCacheReport(reportOf(prefix), markingStyler)).toBe(
      [
        ...HEAD,
        "Prefix policy: live (every edit changes the stable prefix at once).",
        "Edits: a line appended to MEMORY.md before turns 2, 3, ... (in a temp copy of the workspace; the workspace itself is not touched).",
        ...TABLE,
        "",
        "Prefix by turn (turn-context render):",
        "  turn 2: MEMORY.md edited before it",
        "",
      ].join("\n"),
    );
  });
});
