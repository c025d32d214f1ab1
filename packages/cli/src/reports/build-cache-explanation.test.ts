import type { TokenCounter } from "@promptstack/core";
import { describe, expect, it } from "vitest";
import type { RenderRun } from "../inputs/render-run.js";
import { createStyler } from "../output/create-styler.js";
import { buildCacheExplanation } from "./build-cache-explanation.js";
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
});
