import fs from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatSkillsForPrompt } from "../src/format-skills-for-prompt.js";
import type { FormattableSkill, SkillsPromptFormat } from "../src/skills-listing-types.js";

const DOC = fileURLToPath(new URL("../../../docs/skills.md", import.meta.url));
const START = "<!-- generated:degradation-ladder:start -->";
const END = "<!-- generated:degradation-ladder:end -->";

const EXAMPLE_SKILLS: FormattableSkill[] = [
  {
    name: "weather",
    description:
      "Current conditions and forecasts for a place; use before travel or outdoor plans.",
    path: "/home/agent/.agents/skills/weather/SKILL.md",
  },
  {
    name: "calendar",
    description:
      "Read and change calendar events; use when the user asks about meetings or free time.",
    path: "/home/agent/.agents/skills/calendar/SKILL.md",
  },
  {
    name: "mail",
    description: "Search, summarize and draft email replies; use for anything in the inbox.",
    path: "/home/agent/.agents/skills/mail/SKILL.md",
  },
];

const STEPS: { format: SkillsPromptFormat; maxChars: number; title: string }[] = [
  { format: "full", maxChars: 18000, title: "1. full: every description as written" },
  {
    format: "shortened",
    maxChars: 560,
    title: "2. shortened: one uniform cap, cut with an ellipsis",
  },
  { format: "compact", maxChars: 350, title: "3. compact: names and locations only" },
  {
    format: "truncated",
    maxChars: 290,
    title: "4. truncated: the first skills by name, plus a note",
  },
];

/** Builds the generated ladder section from real formatter output. */
function buildLadderSection(skills: readonly FormattableSkill[]): string {
  const parts = [START, ""];
  for (const step of STEPS) {
    const result = formatSkillsForPrompt(skills, {
      maxChars: step.maxChars,
      homeDir: "/home/agent",
    });
    parts.push(
      `#### ${step.title}`,
      "",
      `\`maxChars: ${step.maxChars}\` → format \`${result.format}\`, ${result.chars} chars.`,
      "",
      "```xml",
      result.text,
      "```",
      "",
    );
  }
  parts.push(END);
  return parts.join("\n");
}

function replaceSection(doc: string, section: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start)
    throw new Error(`docs/skills.md lacks the ${START} ... ${END} markers`);
  return doc.slice(0, start) + section + doc.slice(end + END.length);
}

describe("docs/skills.md", () => {
  it("each example reaches the step it illustrates", () => {
    for (const step of STEPS) {
      expect(
        formatSkillsForPrompt(EXAMPLE_SKILLS, { maxChars: step.maxChars, homeDir: "/home/agent" })
          .format,
      ).toBe(step.format);
    }
  });

  it("shows the degradation ladder exactly as the formatter prints it", async () => {
    const doc = await fs.readFile(DOC, "utf8");
    await expect(replaceSection(doc, buildLadderSection(EXAMPLE_SKILLS))).toMatchFileSnapshot(DOC);
  });

  it("reports drift when the formatter output changes", async () => {
    const doc = await fs.readFile(DOC, "utf8");
    const changed = EXAMPLE_SKILLS.map((skill) => ({
      ...skill,
      description: `${skill.description} More.`,
    }));
    expect(replaceSection(doc, buildLadderSection(changed))).not.toBe(doc);
  });
});
