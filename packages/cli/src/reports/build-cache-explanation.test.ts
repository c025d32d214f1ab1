import type { TokenCounter } from "@promptstack/core";
import { describe, expect, it } from "vitest";
import type { RenderRun } from "../inputs/render-run.js";
import { markingStyler as TAGS } from "../../test/marking-styler.js";
import { createStyler } from "../output/create-styler.js";
import { buildCacheExplanation } from "./build-cache-explanation.js";
import type { CacheExplanation } from "./build-cache-explanation.js";
import { formatCacheExplanation } from "./format-cache-explanation.js";

// One token per character: counts a test can check by eye.
const CHARS: TokenCounter = {
  countTokens: (text) => text.length,
  isWithinLimit: (text, limit) => text.length <= limit,
};
const PLAIN = createStyler({ isTTY: false, env: {} });

interface Section {
  readonly id: string;
  readonly text: string;
  readonly cache?: "stable" | "volatile";
}

/** A run of these sections: stable ones first, the volatile suffix after the boundary. */
function runOf(sections: readonly Section[]): RenderRun {
  const full = sections.map((section) => ({
    id: section.id,
    heading: section.id.toUpperCase(),
    text: section.text,
    cache: section.cache ?? "stable",
  }));
  const stable = full.filter((section) => section.cache === "stable").map((s) => s.text);
  const volatile = full.filter((section) => section.cache === "volatile").map((s) => s.text);
  const stableText = stable.join("\n\n");
  return {
    prompt: { sections: full },
    modelText: volatile.length === 0 ? stableText : `${stableText}\n\n${volatile.join("\n\n")}`,
    boundary: volatile.length === 0 ? -1 : stableText.length + 2,
  } as unknown as RenderRun;
}

function explain(before: readonly Section[], after: readonly Section[]) {
  const explanation = buildCacheExplanation(
    runOf(before),
    runOf(after),
    { beforeLabel: "old", afterLabel: "new" },
    CHARS,
  );
  return { explanation, text: formatCacheExplanation(explanation, PLAIN) };
}

const IDENTITY = { id: "identity", text: "You are Ada." };
const TOOLS = { id: "tools", text: "Tools: read." };
const MEMORY = { id: "memory", text: "Ada likes tea." };
const RUNTIME = { id: "runtime", text: "Now: Monday.", cache: "volatile" } as const;

describe("buildCacheExplanation and its text", () => {
  it("without a boundary the whole text is the prefix; identical renders say so", () => {
    const { explanation, text } = explain([IDENTITY, TOOLS], [IDENTITY, TOOLS]);
    expect(explanation).toMatchObject({
      outcome: "identical",
      before: { stableChars: 26, stableTokens: 26 },
      sharedPrefix: { chars: 26, tokens: 26 },
      volatileChanges: [],
    });
    expect(explanation.firstDifference).toBeUndefined();
    expect(text).toBe(
      "Cache prefix identical. Both renders share the whole stable prefix: 26 tokens (26 chars).\n\nNo volatile section changed.\n",
    );
  });

  it("names a stable section that is new at its position, diffed from nothing", () => {
    const { explanation, text } = explain(
      [IDENTITY, MEMORY, RUNTIME],
      [IDENTITY, TOOLS, MEMORY, { ...RUNTIME, text: "Now: Tuesday." }],
    );
    expect(explanation.firstDifference).toMatchObject({
      sectionId: "tools",
      heading: "TOOLS",
      position: 2,
      change: "added",
    });
    expect(explanation.firstDifference?.diff).toContain("+Tools: read.");
    expect(explanation.firstDifference?.diff).not.toContain("-Tools");
    expect(explanation.firstDifference?.diff?.split("\n").slice(2)).toEqual([
      "@@ -0,0 +1,1 @@",
      "+Tools: read.",
    ]);
    expect(explanation.volatileChanges).toEqual(["runtime"]);
    expect(text).toContain('Cache prefix differs at stable section 2 `tools` ("TOOLS") (added).\n');
    expect(text).toContain(
      "Volatile sections that changed (below the boundary, never a cache miss): runtime.\n",
    );
  });

  it("names a stable section that is gone, diffed to nothing", () => {
    const { explanation, text } = explain([IDENTITY, TOOLS], [IDENTITY]);
    expect(explanation.firstDifference).toMatchObject({
      sectionId: "tools",
      position: 2,
      change: "removed",
    });
    expect(explanation.firstDifference?.diff).toContain("-Tools: read.");
    expect(explanation.firstDifference?.diff).not.toContain("+Tools");
    expect(explanation.firstDifference?.diff?.split("\n").slice(2)).toEqual([
      "@@ -1,1 +0,0 @@",
      "-Tools: read.",
    ]);
    expect(text).toContain('at stable section 2 `tools` ("TOOLS") (removed).\n');
  });

  it("never counts half of a surrogate pair as shared", () => {
    // 😀 and 😃 share their high surrogate: the shared prefix stops before the pair.
    const { explanation } = explain(
      [{ id: "identity", text: "Mood: \u{1F600}" }],
      [{ id: "identity", text: "Mood: \u{1F603}" }],
    );
    expect(explanation.sharedPrefix).toEqual({ chars: 6, tokens: 6 });
  });

  it("shares a whole pair, and any other character, up to the first difference", () => {
    const pair = explain(
      [{ id: "identity", text: "Mood: \u{1F600}a" }],
      [{ id: "identity", text: "Mood: \u{1F600}b" }],
    );
    expect(pair.explanation.sharedPrefix.chars).toBe(8);
    const wide = explain(
      [{ id: "identity", text: "Mood: \uFF46a" }],
      [{ id: "identity", text: "Mood: \uFF46b" }],
    );
    expect(wide.explanation.sharedPrefix.chars).toBe(7);
    const ascii = explain(
      [{ id: "identity", text: "Mood: a" }],
      [{ id: "identity", text: "Mood: b" }],
    );
    expect(ascii.explanation.sharedPrefix.chars).toBe(6);
  });

  it("shares a pair whose high surrogate is the first or the last of its range", () => {
    // U+10000 and U+10001 share the high surrogate D800; U+10FFFD and U+10FFFE share DBFF.
    for (const [a, b] of [
      ["\u{10000}", "\u{10001}"],
      ["\u{10FFFD}", "\u{10FFFE}"],
    ] as const) {
      const { explanation } = explain(
        [{ id: "identity", text: `Mood: ${a}` }],
        [{ id: "identity", text: `Mood: ${b}` }],
      );
      expect(explanation.sharedPrefix).toEqual({ chars: 6, tokens: 6 });
    }
  });

  it("names a changed section with its whole explanation and a coloured diff", () => {
    const { explanation } = explain(
      [IDENTITY, { id: "tools", text: "Tools: read.\n--x\n+y @@\nend" }, RUNTIME],
      [IDENTITY, { id: "tools", text: "Tools: write.\n--x\n+y @@\nend" }, RUNTIME],
    );
    expect(explanation).toEqual({
      version: 1,
      outcome: "differs",
      before: { label: "old", stableChars: 42, stableTokens: 42 },
      after: { label: "new", stableChars: 43, stableTokens: 43 },
      sharedPrefix: { chars: 21, tokens: 21 },
      firstDifference: {
        sectionId: "tools",
        heading: "TOOLS",
        position: 2,
        change: "changed",
        diff: "--- old § tools\n+++ new § tools\n@@ -1,3 +1,3 @@\n-Tools: read.\n+Tools: write.\n --x\n +y @@",
      },
      volatileChanges: [],
    });
    expect(formatCacheExplanation(explanation, TAGS)).toBe(
      [
        '<red>Cache prefix differs</red> at stable section 2 `tools` ("TOOLS").',
        "Reusable prefix: 21 of 42 stable tokens (21 of 42 chars); after: 43 stable tokens.",
        "",
        "<bold>--- old § tools</bold>",
        "<bold>+++ new § tools</bold>",
        "<cyan>@@ -1,3 +1,3 @@</cyan>",
        "<red>-Tools: read.</red>",
        "<green>+Tools: write.</green>",
        " --x",
        // A context line ending in "@@" is no hunk header.
        " +y @@",
        "",
        "No volatile section changed.",
        "",
      ].join("\n"),
    );
  });

  it("names a section added after the last one of the earlier render", () => {
    const { explanation } = explain([IDENTITY, RUNTIME], [IDENTITY, TOOLS, RUNTIME]);
    expect(explanation.outcome).toBe("differs");
    expect(explanation.firstDifference).toEqual({
      sectionId: "tools",
      heading: "TOOLS",
      position: 2,
      change: "added",
      diff: "--- old § tools\n+++ new § tools\n@@ -0,0 +1,1 @@\n+Tools: read.",
    });
  });

  it("names a section gone before a volatile one, not the volatile one", () => {
    const { explanation } = explain([IDENTITY, TOOLS, RUNTIME], [IDENTITY, RUNTIME]);
    expect(explanation.outcome).toBe("differs");
    expect(explanation.firstDifference).toMatchObject({
      sectionId: "tools",
      position: 2,
      change: "removed",
    });
  });

  it("names the section that moved away from a position as removed, not the one moving in", () => {
    const { explanation } = explain([IDENTITY, TOOLS, MEMORY], [IDENTITY, MEMORY, TOOLS]);
    expect(explanation.firstDifference).toMatchObject({
      sectionId: "tools",
      position: 2,
      change: "removed",
    });
  });

  it("a section renamed with the same text is named as added under its new id", () => {
    const { explanation } = explain(
      [IDENTITY, { id: "rules", text: "Be brief." }, MEMORY],
      [IDENTITY, { id: "style", text: "Be brief." }, { ...MEMORY, text: "Ada likes coffee." }],
    );
    expect(explanation.firstDifference).toMatchObject({
      sectionId: "style",
      position: 2,
      change: "added",
    });
  });

  it("same sections, same texts, other joins: names the joins and diffs the whole prefix", () => {
    const before = runOf([IDENTITY, TOOLS, RUNTIME]);
    const after = runOf([IDENTITY, TOOLS, { ...RUNTIME, text: "Now: Tuesday." }]);
    const rejoined = {
      ...after,
      modelText: after.modelText.replace("Ada.\n\n", "Ada.\n\n\n"),
      boundary: after.boundary + 1,
    } as RenderRun;
    const explanation = buildCacheExplanation(
      before,
      rejoined,
      { beforeLabel: "old", afterLabel: "new" },
      CHARS,
    );
    expect(explanation).toEqual({
      version: 1,
      outcome: "differs",
      before: { label: "old", stableChars: 28, stableTokens: 28 },
      after: { label: "new", stableChars: 29, stableTokens: 29 },
      sharedPrefix: { chars: 14, tokens: 14 },
      firstDifference: {
        sectionId: "(between sections)",
        heading: "",
        position: 0,
        change: "changed",
        diff: "--- old § stable prefix\n+++ new § stable prefix\n@@ -1,4 +1,5 @@\n You are Ada.\n \n+\n Tools: read.\n ",
      },
      volatileChanges: ["runtime"],
    });
    expect(formatCacheExplanation(explanation, PLAIN)).toBe(
      [
        "Cache prefix differs at the joins between stable sections.",
        "Reusable prefix: 14 of 28 stable tokens (14 of 28 chars); after: 29 stable tokens.",
        "",
        explanation.firstDifference?.diff,
        "",
        "Volatile sections that changed (below the boundary, never a cache miss): runtime.",
        "",
      ].join("\n"),
    );
  });
});

describe("formatCacheExplanation", () => {
  const DIFFERS: CacheExplanation = {
    version: 1,
    outcome: "differs",
    before: { label: "old", stableChars: 30, stableTokens: 10 },
    after: { label: "new", stableChars: 40, stableTokens: 12 },
    sharedPrefix: { chars: 20, tokens: 5 },
    volatileChanges: [],
  };

  it("without a first difference names the stable prefix and prints no diff", () => {
    expect(formatCacheExplanation(DIFFERS, PLAIN)).toBe(
      "Cache prefix differs at the stable prefix.\nReusable prefix: 5 of 10 stable tokens (20 of 30 chars); after: 12 stable tokens.\n\nNo volatile section changed.\n",
    );
  });

  it("leaves out the heading of a section that has none", () => {
    const explanation: CacheExplanation = {
      ...DIFFERS,
      firstDifference: { sectionId: "tools", heading: "", position: 3, change: "added", diff: "" },
    };
    expect(formatCacheExplanation(explanation, PLAIN).split("\n")[0]).toBe(
      "Cache prefix differs at stable section 3 `tools` (added).",
    );
  });
});
