import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findVolatileFactsInToolSummaries } from "./find-volatile-facts-in-tool-summaries.js";

// The earlier implementation, kept as the oracle: one Unicode-aware RegExp per fact.
function oracle(summary: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, "iu").test(summary);
}

const found = (summary: string, sender: string) =>
  findVolatileFactsInToolSummaries({
    tools: [{ name: "read", description: summary }],
    volatile: { sender },
  }).length > 0;

describe("findVolatileFactsInToolSummaries", () => {
  it("matches whole words, case-insensitively, next to punctuation and emoji", () => {
    expect(found("Reads files for Ada Lovelace.", "ada lovelace")).toBe(true);
    expect(found("Reads files for Adam.", "Ada")).toBe(false);
    expect(found("Reads files (for ada_x).", "ada")).toBe(false);
    expect(found("😀Ada😀", "Ada")).toBe(true);
    expect(found("𝐀Ada", "Ada")).toBe(false); // a mathematical letter is a letter
    expect(found("Reads files.", "ad")).toBe(false); // shorter than three: never reported
  });

  it("agrees with the per-fact RegExp it replaced (property)", () => {
    // Letters whose lower case is one simple case fold, digits, underscore, punctuation, space.
    const char = fc.constantFrom(..."aAbBéÉ1_ .,-😀𝐀".split(/(?:)/u));
    const text = fc.array(char, { maxLength: 16 }).map((chars) => chars.join(""));
    const word = fc.array(char, { minLength: 3, maxLength: 5 }).map((chars) => chars.join(""));
    fc.assert(
      fc.property(text, word, (summary, value) => {
        fc.pre(value.trim() === value);
        expect(found(summary, value)).toBe(oracle(summary, value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("findVolatileFactsInToolSummaries: the whole diagnostic list", () => {
  const volatile = {
    channel: { id: "chan-42", chatType: "group" as const, chatLabel: "Ops Room" },
    sender: "  Ada  ",
    time: { date: "2026-12-02", time: "08:30", timeZone: "UTC" },
    runtime: { sessionKey: "sess-9" },
  };
  const warning = (tool: string, index: number, label: string, value: string) => ({
    code: "CONFIG_TOOL_SUMMARY_VOLATILE",
    severity: "warning",
    message: `the summary of tool ${tool} contains ${label} (${JSON.stringify(value)}); tool summaries sit above the cache boundary, so the stable prefix changes with it`,
    path: `tools.${index}.description`,
    hint: "Keep per-turn facts out of tool summaries; the runtime passes them below the boundary.",
  });

  it("reports every fact, trimmed, per tool in order, and skips tools without a summary", () => {
    expect(
      findVolatileFactsInToolSummaries({
        tools: [
          { name: "post", description: "Posts to CHAN-42 for ada, in the ops room." },
          { name: "bare" },
          {
            name: "log",
            description: "Logs 2026-12-02 at 08:30 under sess-9; r is a word here.",
          },
        ],
        volatile,
      }),
    ).toEqual([
      warning("post", 0, "the current channel id", "chan-42"),
      warning("post", 0, "the current chat label", "Ops Room"),
      warning("post", 0, "the sender", "Ada"),
      warning("log", 2, "the current date", "2026-12-02"),
      warning("log", 2, "the current time", "08:30"),
      warning("log", 2, "the session key", "sess-9"),
    ]);
  });

  it("returns nothing without tools or without volatile facts", () => {
    expect(findVolatileFactsInToolSummaries({ volatile })).toEqual([]);
    expect(findVolatileFactsInToolSummaries({ tools: [], volatile })).toEqual([]);
    expect(
      findVolatileFactsInToolSummaries({ tools: [{ name: "read", description: "Reads sess-9." }] }),
    ).toEqual([]);
  });

  it("matches a fact at the very start or end of a summary", () => {
    expect(found("Ada reads files", "Ada")).toBe(true);
    expect(found("Reads files for ada", "Ada")).toBe(true);
    expect(found("ada", "Ada")).toBe(true);
  });

  it("ignores a fact shorter than three characters, even as a whole word", () => {
    expect(found("ad hoc reads", "ad")).toBe(false);
    expect(found("ad hoc reads", "  ad  ")).toBe(false);
    expect(found("abc reads", "abc")).toBe(true);
  });

  it("treats a letter or digit outside the surrogate range, or at its last unit, as part of a word", () => {
    // U+FF41 (fullwidth a, one UTF-16 unit above the surrogates) is a letter.
    expect(found(" \uFF41ada", "ada")).toBe(false);
    // U+1D7FF (mathematical monospace nine) ends in the low surrogate 0xDFFF; it is a digit.
    expect(found("\u{1D7FF}ada", "ada")).toBe(false);
    expect(found(" \u{1D7FF}ada", "ada")).toBe(false);
  });
});
