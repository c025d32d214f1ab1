import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSkillsForPrompt } from "@promptstack/skills";
import { toSkillEntryTexts } from "./to-skill-entry-texts.js";

const skill = (name: string, description: string) => ({
  name,
  description,
  path: `/w/skills/${name}/SKILL.md`,
});

describe("toSkillEntryTexts", () => {
  it("maps each included name, exactly as given, to its entry", () => {
    const formatted = formatSkillsForPrompt([
      skill("b&c", "Uses <tags> & ampersands."),
      skill("alpha", "First."),
    ]);
    const entries = toSkillEntryTexts(formatted);
    expect([...entries.keys()]).toEqual(["alpha", "b&c"]);
    expect(entries.get("b&c")).toBe(
      [
        "  <skill>",
        "    <name>b&amp;c</name>",
        "    <description>Uses &lt;tags&gt; &amp; ampersands.</description>",
        "    <location>/w/skills/b&amp;c/SKILL.md</location>",
        "  </skill>",
      ].join("\n"),
    );
  });

  it("is empty for an empty list", () => {
    expect(toSkillEntryTexts(formatSkillsForPrompt([])).size).toBe(0);
  });

  it("covers the listed block exactly, whatever format the budget forced", () => {
    const names = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9&<>-]{0,11}$/), {
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(
        names,
        fc.string({ maxLength: 80 }),
        fc.integer({ min: 40, max: 1500 }),
        (list, description, maxChars) => {
          const formatted = formatSkillsForPrompt(
            list.map((name) => skill(name, description)),
            { maxChars },
          );
          const entries = toSkillEntryTexts(formatted);
          expect([...entries.keys()]).toEqual(formatted.included);
          if (formatted.included.length === 0) return;
          const block = `<available_skills>\n${[...entries.values()].map((entry) => `${entry}\n`).join("")}</available_skills>`;
          expect(formatted.text.startsWith(block)).toBe(true);
        },
      ),
    );
  });
});
