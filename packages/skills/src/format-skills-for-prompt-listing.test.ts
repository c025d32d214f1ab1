import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSkillsForPrompt } from "./format-skills-for-prompt.js";
import type { FormattableSkill, SkillListing } from "./skills-listing-types.js";

// Names and paths here need no escaping, so expected lengths can be computed by hand.
const skill = (
  name: string,
  listing?: SkillListing,
  priority?: number,
  description = `Use ${name} when the task needs it; it explains each step in detail.`,
): FormattableSkill => ({
  name,
  description,
  path: `/s/${name}/SKILL.md`,
  ...(listing === undefined ? {} : { listing }),
  ...(priority === undefined ? {} : { priority }),
});

const BLOCK_CHARS = "<available_skills>\n</available_skills>".length;
const compactChars = (s: FormattableSkill): number =>
  `  <skill>\n    <name>${s.name}</name>\n    <location>${s.path}</location>\n  </skill>\n`.length;
const noteChars = (listed: number, total: number): number =>
  listed === total ? 0 : `\nSkills listed: ${listed} of ${total}.`.length;

/**
 * What the text shows of each skill, read back from the text alone: 3 full description,
 * 2 shortened (ends with an ellipsis), 1 compact (no description), 0 not listed.
 */
function levelsFromText(text: string, skills: readonly FormattableSkill[]): Map<string, number> {
  const levels = new Map<string, number>();
  for (const s of skills) {
    const start = text.indexOf(`    <name>${s.name}</name>\n`);
    if (start < 0) {
      levels.set(s.name, 0);
      continue;
    }
    const next = text.slice(start).split("\n")[1] as string;
    if (!next.startsWith("    <description>")) levels.set(s.name, 1);
    else levels.set(s.name, next.endsWith("\u2026</description>") ? 2 : 3);
  }
  return levels;
}

const WORDS = ["read", "write", "deploy", "a&b", "review", "<args>", "notify", "x"];
const arbitraryInput = fc
  .record({
    specs: fc.array(
      fc.record({
        listing: fc.option(
          fc.constantFrom<SkillListing>("pinned", "normal", "name-only", "manual"),
          {
            nil: undefined,
          },
        ),
        priority: fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined }),
        words: fc.array(fc.constantFrom(...WORDS), { maxLength: 40 }),
        // Entry lengths differ, so a step that sums the wrong entries is caught.
        padding: fc.nat({ max: 30 }),
      }),
      { maxLength: 24 },
    ),
    maxChars: fc.oneof(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 5000 })),
    maxSkills: fc.integer({ min: 0, max: 30 }),
  })
  .map(({ specs, maxChars, maxSkills }) => ({
    // A unique fixed-width stem: no name occurs inside another, so the text can be searched.
    skills: specs.map((spec, index) =>
      skill(
        `s${String(index).padStart(2, "0")}${"x".repeat(spec.padding)}`,
        spec.listing,
        spec.priority,
        spec.words.join(" "),
      ),
    ),
    maxChars,
    maxSkills,
  }));

const rank = (s: FormattableSkill): [number, number] => [
  s.listing === "pinned" ? 0 : 1,
  -(s.priority ?? 0),
];
const ranksAtOrAbove = (a: FormattableSkill, b: FormattableSkill): boolean => {
  const [classA, priorityA] = rank(a);
  const [classB, priorityB] = rank(b);
  return (
    classA < classB ||
    (classA === classB && (priorityA < priorityB || (priorityA === priorityB && a.name <= b.name)))
  );
};

describe("formatSkillsForPrompt listing config", () => {
  describe("properties", () => {
    it("(a) lists a pinned skill whenever the compact entries of the pinned skills ranked at or above it fit", () => {
      fc.assert(
        fc.property(arbitraryInput, ({ skills, maxChars, maxSkills }) => {
          const result = formatSkillsForPrompt(skills, { maxChars, maxSkills });
          const candidates = skills.filter((s) => s.listing !== "manual");
          const pinned = skills.filter((s) => s.listing === "pinned");
          for (const p of pinned) {
            const ahead = pinned.filter((q) => ranksAtOrAbove(q, p));
            const chars =
              BLOCK_CHARS +
              ahead.reduce((sum, q) => sum + compactChars(q), 0) +
              noteChars(ahead.length, candidates.length);
            if (ahead.length <= maxSkills && chars <= maxChars) {
              expect(result.included).toContain(p.name);
            }
          }
        }),
        { numRuns: 500 },
      );
    });

    it("(b) never shows, counts or names a manual skill", () => {
      fc.assert(
        fc.property(arbitraryInput, ({ skills, maxChars, maxSkills }) => {
          const result = formatSkillsForPrompt(skills, { maxChars, maxSkills });
          const candidates = skills.filter((s) => s.listing !== "manual");
          for (const s of skills.filter((m) => m.listing === "manual")) {
            expect(result.text).not.toContain(s.name);
            expect(result.included).not.toContain(s.name);
            expect(result.omitted).not.toContain(s.name);
            expect(result.skills.find((o) => o.name === s.name)?.form).toBe("manual");
          }
          const counts = /Skills listed: (\d+) of (\d+)\./.exec(result.text);
          if (counts !== null) expect(Number(counts[2])).toBe(candidates.length);
          expect([...result.included, ...result.omitted].sort()).toEqual(
            candidates.map((s) => s.name).sort(),
          );
          expect(result.chars).toBeLessThanOrEqual(maxChars);
        }),
        { numRuns: 500 },
      );
    });

    // Levels as read from the text: full 3 > shortened 2 > compact 1 > not listed 0. For two
    // skills a and b of the same listing class with priority(a) > priority(b), level(a) >=
    // level(b); a pinned skill never has a lower level than a skill that is not pinned. A
    // `name-only` skill never shows a description.
    it("(c) never gives a higher-ranked skill a shorter form than a lower-ranked one", () => {
      fc.assert(
        fc.property(arbitraryInput, ({ skills, maxChars, maxSkills }) => {
          const result = formatSkillsForPrompt(skills, { maxChars, maxSkills });
          const candidates = skills.filter((s) => s.listing !== "manual");
          const levels = levelsFromText(result.text, candidates);
          const level = (s: FormattableSkill): number => levels.get(s.name) as number;
          for (const a of candidates) {
            if (a.listing === "name-only") expect(level(a)).toBeLessThanOrEqual(1);
            for (const b of candidates) {
              const sameClass = (a.listing ?? "normal") === (b.listing ?? "normal");
              if (sameClass && (a.priority ?? 0) > (b.priority ?? 0)) {
                expect(level(a), `${a.name} vs ${b.name}`).toBeGreaterThanOrEqual(level(b));
              }
              if (a.listing === "pinned" && b.listing !== "pinned") {
                expect(level(a), `${a.name} vs ${b.name}`).toBeGreaterThanOrEqual(level(b));
              }
            }
          }
        }),
        { numRuns: 500 },
      );
    });

    it("reports per skill what the text shows", () => {
      fc.assert(
        fc.property(arbitraryInput, ({ skills, maxChars, maxSkills }) => {
          const result = formatSkillsForPrompt(skills, { maxChars, maxSkills });
          const levels = levelsFromText(result.text, skills);
          const byForm = { manual: 0, omitted: 0, compact: 1, shortened: 2, full: 3 };
          expect(result.skills.map((o) => o.name)).toEqual(skills.map((s) => s.name).sort());
          for (const outcome of result.skills) {
            expect(byForm[outcome.form]).toBe(levels.get(outcome.name));
            expect(outcome.cause === undefined).toBe(outcome.form === "full");
          }
        }),
        { numRuns: 300 },
      );
    });

    it("changes nothing when every skill shares one listing class and priority", () => {
      fc.assert(
        fc.property(
          arbitraryInput,
          fc.constantFrom<SkillListing>("pinned", "normal"),
          fc.integer({ min: -5, max: 5 }),
          ({ skills, maxChars, maxSkills }, listing, priority) => {
            const plain = skills.map(({ name, description, path }) => ({
              name,
              description,
              path,
            }));
            const uniform = plain.map((s) => ({ ...s, listing, priority }));
            const expected = formatSkillsForPrompt(plain, { maxChars, maxSkills });
            const actual = formatSkillsForPrompt(uniform, { maxChars, maxSkills });
            expect(actual.text).toBe(expected.text);
            expect(actual.format).toBe(expected.format);
            expect(actual.skills.map((o) => [o.form, o.cause])).toEqual(
              expected.skills.map((o) => [o.form, o.cause]),
            );
          },
        ),
        { numRuns: 300 },
      );
    });
  });

  describe("examples", () => {
    const others = ["alpha", "bravo", "charlie", "delta"].map((name) => skill(name));
    const pinned = skill("zulu", "pinned");
    const all = [...others, pinned];
    const full = formatSkillsForPrompt(all, { maxChars: 100_000 });
    const forms = (result: ReturnType<typeof formatSkillsForPrompt>) =>
      Object.fromEntries(
        result.skills.map((o) => [o.name, o.cause === undefined ? o.form : `${o.form}:${o.cause}`]),
      );

    it("keeps the list in name order and a pinned skill's description longest", () => {
      expect(full.format).toBe("full");
      expect(full.included).toEqual(["alpha", "bravo", "charlie", "delta", "zulu"]);
      const result = formatSkillsForPrompt(all, { maxChars: full.chars - 40 });
      expect(result.format).toBe("shortened");
      expect(forms(result)).toEqual({
        alpha: "shortened:budget",
        bravo: "shortened:budget",
        charlie: "shortened:budget",
        delta: "shortened:budget",
        zulu: "full",
      });
      const tight = formatSkillsForPrompt(all, { maxChars: 550 });
      expect(forms(tight)).toEqual({
        alpha: "compact:budget",
        bravo: "compact:budget",
        charlie: "compact:budget",
        delta: "compact:budget",
        zulu: "shortened:budget",
      });
    });

    it("lists a pinned skill when the others are left out, even last by name", () => {
      const result = formatSkillsForPrompt(all, { maxChars: 300 });
      expect(result.format).toBe("truncated");
      expect(result.included).toEqual(["alpha", "zulu"]);
      expect(result.omitted).toEqual(["bravo", "charlie", "delta"]);
      expect(
        result.text.endsWith("\nSkills listed: 2 of 5. Not listed: bravo, charlie, delta."),
      ).toBe(true);
      expect(formatSkillsForPrompt(all, { maxSkills: 1 }).included).toEqual(["zulu"]);
    });

    it("lists a name-only skill without a description, whatever the budget", () => {
      const result = formatSkillsForPrompt([skill("alpha"), skill("bravo", "name-only")]);
      expect(result.format).toBe("full");
      expect(result.entries[1]).toBe(
        "  <skill>\n    <name>bravo</name>\n    <location>/s/bravo/SKILL.md</location>\n  </skill>",
      );
      expect(forms(result)).toEqual({ alpha: "full", bravo: "compact:listing" });
    });

    it("holds a manual skill back: not listed, not counted, not named", () => {
      const result = formatSkillsForPrompt(
        [skill("alpha"), skill("bravo", "manual"), skill("charlie")],
        {
          maxSkills: 1,
        },
      );
      expect(result.included).toEqual(["alpha"]);
      expect(result.omitted).toEqual(["charlie"]);
      expect(result.text.endsWith("\nSkills listed: 1 of 2. Not listed: charlie.")).toBe(true);
      expect(forms(result)).toEqual({
        alpha: "full",
        bravo: "manual:listing",
        charlie: "omitted:max-skills",
      });
      expect(formatSkillsForPrompt([skill("bravo", "manual")]).text).toBe("");
    });

    it("degrades lower priorities first and omits them first", () => {
      const ranked = [skill("alpha", "normal", -1), skill("bravo"), skill("charlie", undefined, 2)];
      const wide = formatSkillsForPrompt(ranked, { maxChars: 100_000 });
      const squeezed = formatSkillsForPrompt(ranked, { maxChars: wide.chars - 30 });
      expect(forms(squeezed)).toEqual({
        alpha: "shortened:budget",
        bravo: "full",
        charlie: "full",
      });
      const compacted = formatSkillsForPrompt(ranked, { maxChars: 480 });
      expect(forms(compacted)).toEqual({
        alpha: "compact:budget",
        bravo: "shortened:budget",
        charlie: "full",
      });
      const truncated = formatSkillsForPrompt(ranked, { maxChars: 250 });
      expect(truncated.included).toEqual(["bravo", "charlie"]);
      expect(forms(truncated).alpha).toBe("omitted:budget");
    });

    it("rejects an unknown listing and a priority that is not a finite number", () => {
      for (const bad of [
        { ...skill("a"), listing: "hidden" as SkillListing },
        { ...skill("a"), priority: Number.NaN },
        { ...skill("a"), priority: Number.POSITIVE_INFINITY },
      ]) {
        expect(() => formatSkillsForPrompt([bad])).toThrow(
          expect.objectContaining({ code: "SKILLS_BAD_OPTIONS" }),
        );
      }
    });
  });
});
