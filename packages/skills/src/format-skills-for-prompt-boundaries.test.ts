import { describe, expect, it } from "vitest";
import { formatSkillsForPrompt } from "./format-skills-for-prompt.js";
import { SkillsError } from "./skills-error.js";
import {
  DEFAULT_MAX_SKILLS_IN_PROMPT,
  DEFAULT_MAX_SKILLS_PROMPT_CHARS,
} from "./skills-listing-types.js";
import type { FormattableSkill, SkillListing } from "./skills-listing-types.js";

// Names, paths and descriptions here need no escaping unless a test says so, so every length
// below is computed by hand from the entry grammar.
const skill = (
  name: string,
  description: string,
  extra: { listing?: SkillListing; priority?: number; contentHash?: string } = {},
): FormattableSkill => ({ name, description, path: `/s/${name}/SKILL.md`, ...extra });

const OPEN = "<available_skills>\n";
const CLOSE = "</available_skills>";
const compact = (s: FormattableSkill): string =>
  `  <skill>\n    <name>${s.name}</name>\n    <location>${s.path}</location>\n  </skill>\n`;
const withDescription = (s: FormattableSkill, description: string): string =>
  `  <skill>\n    <name>${s.name}</name>\n    <description>${description}</description>\n    <location>${s.path}</location>\n  </skill>\n`;
const DESCRIPTION_OVERHEAD = "    <description></description>\n".length;
const entryTexts = (parts: readonly string[]): string[] => parts.map((part) => part.slice(0, -1));

describe("formatSkillsForPrompt ladder boundaries", () => {
  it("keeps a higher rank group full once the lower group is compact, at exactly the budget", () => {
    const alpha = skill("alpha", "Use alpha for the first kind of task, in detail.");
    const charlie = skill("charlie", "Use charlie for the second kind of task, in detail.", {
      priority: 1,
    });
    const parts = [compact(alpha), withDescription(charlie, charlie.description)];
    const maxChars = (OPEN + parts.join("") + CLOSE).length;
    expect(formatSkillsForPrompt([alpha, charlie], { maxChars })).toEqual({
      text: OPEN + parts.join("") + CLOSE,
      included: ["alpha", "charlie"],
      entries: entryTexts(parts),
      omitted: [],
      format: "shortened",
      chars: maxChars,
      skills: [
        { name: "alpha", listing: "normal", priority: 0, form: "compact", cause: "budget" },
        { name: "charlie", listing: "normal", priority: 1, form: "full" },
      ],
    });
    const short = formatSkillsForPrompt([alpha, charlie], { maxChars: maxChars - 1 });
    expect(short.skills.map((outcome) => outcome.form)).toEqual(["compact", "shortened"]);
    expect(short.chars).toBeLessThanOrEqual(maxChars - 1);
  });

  it("shortens to the 16-character cap when that fits exactly, and lists compact one below", () => {
    const a = skill("a", "Alpha does the first thing of many, step by step.");
    const b = skill("b", "Bravo does the second thing of many, step by step.");
    const parts = [
      withDescription(a, `${a.description.slice(0, 15)}\u2026`),
      withDescription(b, `${b.description.slice(0, 15)}\u2026`),
    ];
    const maxChars = (OPEN + parts.join("") + CLOSE).length;
    const result = formatSkillsForPrompt([a, b], { maxChars });
    expect([result.format, result.text]).toEqual(["shortened", OPEN + parts.join("") + CLOSE]);
    const below = formatSkillsForPrompt([a, b], { maxChars: maxChars - 1 });
    expect([below.format, below.text]).toEqual(["compact", OPEN + compact(a) + compact(b) + CLOSE]);
  });

  it("counts a description of exactly the cap whole, escapes included, when choosing the cap", () => {
    // At a cap of 20, "x…x&" (20 chars) is listed whole, as `&amp;`: 24 chars, which does not fit;
    // the cap is 19, which cuts both descriptions.
    const a = skill("a", `${"x".repeat(19)}&`);
    const b = skill("b", "y".repeat(40));
    const parts = [
      withDescription(a, `${"x".repeat(18)}\u2026`),
      withDescription(b, `${"y".repeat(18)}\u2026`),
    ];
    const maxChars =
      (OPEN + compact(a) + compact(b) + CLOSE).length + 2 * DESCRIPTION_OVERHEAD + 2 * 20;
    const result = formatSkillsForPrompt([a, b], { maxChars });
    expect(result.text).toBe(OPEN + parts.join("") + CLOSE);
    expect(result.chars).toBe(maxChars - 2);
  });

  it("ranks by priority when no skill has priority 0", () => {
    const alpha = skill("alpha", "Use alpha for the first kind of task, in detail.", {
      priority: 1,
    });
    const bravo = skill("bravo", "Use bravo for the second kind of task, in detail.", {
      priority: 2,
    });
    const full = formatSkillsForPrompt([alpha, bravo]);
    const squeezed = formatSkillsForPrompt([alpha, bravo], { maxChars: full.chars - 10 });
    expect(squeezed.skills.map((outcome) => [outcome.name, outcome.form])).toEqual([
      ["alpha", "shortened"],
      ["bravo", "full"],
    ]);
  });

  it("keeps a description of exactly the chosen cap whole", () => {
    // Lengths 20 and 40: at a cap of 20 the first is whole and the second cut to 19 + "…".
    const a = skill("a", "x".repeat(20));
    const b = skill("b", "y".repeat(40));
    const maxChars =
      (OPEN + compact(a) + compact(b) + CLOSE).length + 2 * DESCRIPTION_OVERHEAD + 20 + 20;
    const result = formatSkillsForPrompt([a, b], { maxChars });
    expect(result.text).toBe(
      OPEN +
        withDescription(a, "x".repeat(20)) +
        withDescription(b, `${"y".repeat(19)}\u2026`) +
        CLOSE,
    );
    expect(result.skills.map((outcome) => outcome.form)).toEqual(["full", "shortened"]);
  });

  it("returns an empty full result when every skill is manual", () => {
    const held = skill("held", "Held back.", { listing: "manual", priority: 2 });
    expect(formatSkillsForPrompt([held], { maxChars: 0 })).toEqual({
      text: "",
      included: [],
      entries: [],
      omitted: [],
      format: "full",
      chars: 0,
      skills: [{ name: "held", listing: "manual", priority: 2, form: "manual", cause: "listing" }],
    });
  });

  it("breaks ties of name, path and description by content hash, an absent hash first", () => {
    const plain = skill("same", "Same text.");
    const hashed = skill("same", "Same text.", { contentHash: "0abc" });
    const later = skill("same", "Same text.", { contentHash: "1abc" });
    const versions = (skills: FormattableSkill[]): (string | undefined)[] =>
      formatSkillsForPrompt(skills, { versionMarkers: true }).entries.map(
        (entry) => /<version>sha256:(\w+)<\/version>/.exec(entry)?.[1],
      );
    expect(versions([plain, hashed])).toEqual([undefined, "0abc"]);
    expect(versions([hashed, plain])).toEqual([undefined, "0abc"]);
    expect(versions([later, hashed])).toEqual(["0abc", "1abc"]);
    expect(versions([hashed, later])).toEqual(["0abc", "1abc"]);
  });

  it("names the omitted skills when the note fits exactly, and gives counts alone one char below", () => {
    const skills = ["a", "b", "c"].map((name) => skill(name, `Use ${name}.`));
    const block = OPEN + withDescription(skills[0]!, "Use a.") + CLOSE;
    const note = "\nSkills listed: 1 of 3. Not listed: b, c.";
    const exact = formatSkillsForPrompt(skills, {
      maxSkills: 1,
      maxChars: block.length + note.length,
    });
    expect(exact.text).toBe(block + note);
    const below = formatSkillsForPrompt(skills, {
      maxSkills: 1,
      maxChars: block.length + note.length - 1,
    });
    expect(below.text).toBe(`${block}\nSkills listed: 1 of 3.`);
  });

  it("tells skills cut by the budget from skills over maxSkills", () => {
    const [a, b, c] = ["a", "b", "c"].map((name) => skill(name, `Use ${name}.`)) as [
      FormattableSkill,
      FormattableSkill,
      FormattableSkill,
    ];
    const text = `${OPEN}${compact(a)}${CLOSE}\nSkills listed: 1 of 3.`;
    expect(formatSkillsForPrompt([c, b, a], { maxSkills: 2, maxChars: text.length })).toEqual({
      text,
      included: ["a"],
      entries: entryTexts([compact(a)]),
      omitted: ["b", "c"],
      format: "truncated",
      chars: text.length,
      skills: [
        { name: "a", listing: "normal", priority: 0, form: "compact", cause: "budget" },
        { name: "b", listing: "normal", priority: 0, form: "omitted", cause: "budget" },
        { name: "c", listing: "normal", priority: 0, form: "omitted", cause: "max-skills" },
      ],
    });
  });

  it("writes no version line for an empty content hash", () => {
    const a = skill("a", "Use a.", { contentHash: "" });
    expect(formatSkillsForPrompt([a], { versionMarkers: true }).text).toBe(
      OPEN + withDescription(a, "Use a.") + CLOSE,
    );
  });

  it("reports a priority of -0 as 0", () => {
    const [outcome] = formatSkillsForPrompt([skill("a", "A.", { priority: -0 })]).skills;
    expect(Object.is(outcome?.priority, 0)).toBe(true);
  });
});

describe("formatSkillsForPrompt option errors", () => {
  const thrown = (run: () => unknown): unknown => {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error("expected a throw");
  };

  it("names the limit, the value and a fix", () => {
    const error = thrown(() => formatSkillsForPrompt([skill("a", "A.")], { maxChars: -1 }));
    expect(SkillsError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: "SkillsError",
      code: "SKILLS_BAD_OPTIONS",
      message: "formatSkillsForPrompt: `maxChars` must be a non-negative integer, got -1.",
      path: "maxChars",
      hint: `Pass a whole number such as ${DEFAULT_MAX_SKILLS_PROMPT_CHARS}, or omit it for the default.`,
    });
    expect(
      thrown(() => formatSkillsForPrompt([skill("a", "A.")], { maxSkills: 1.5 })),
    ).toMatchObject({
      code: "SKILLS_BAD_OPTIONS",
      message: "formatSkillsForPrompt: `maxSkills` must be a non-negative integer, got 1.5.",
      path: "maxSkills",
      hint: `Pass a whole number such as ${DEFAULT_MAX_SKILLS_IN_PROMPT}, or omit it for the default.`,
    });
  });

  it("names the skill, its listing or priority, and the values allowed", () => {
    const listing = "hidden" as SkillListing;
    expect(thrown(() => formatSkillsForPrompt([skill("a", "A.", { listing })]))).toMatchObject({
      name: "SkillsError",
      code: "SKILLS_BAD_OPTIONS",
      message: 'formatSkillsForPrompt: skill "a" has listing "hidden".',
      path: "listing",
      hint: 'Use one of "pinned", "normal", "name-only", "manual".',
    });
    for (const [priority, shown] of [
      [Number.NaN, "NaN"],
      [Number.POSITIVE_INFINITY, "Infinity"],
      ["3", "3"],
    ] as const) {
      expect(
        thrown(() => formatSkillsForPrompt([skill("a", "A.", { priority: priority as number })])),
      ).toMatchObject({
        code: "SKILLS_BAD_OPTIONS",
        message: `formatSkillsForPrompt: skill "a" has priority ${shown}.`,
        path: "priority",
        hint: "Use a finite number such as 10, or omit it for 0.",
      });
    }
  });
});
