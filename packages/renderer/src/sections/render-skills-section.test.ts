import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

const SKILLS = "<available_skills>\n</available_skills>";
const read = [{ name: "read" }];

describe("skills", () => {
  it("in full size: how to load a skill, then the trimmed skills block", () => {
    expect(renderSectionText({ tools: read, skillsPrompt: `\n${SKILLS}\n` }, "skills")).toBe(
      [
        "## Skills",
        "Skills are optional instructions for specific tasks; their list follows.",
        "When one clearly fits the task, `read` its SKILL.md at the listed location, then follow it.",
        "When several fit, pick the most specific; when none clearly fits, read none.",
        "Load at most one skill up front, and never guess what a skill says.",
        "Resolve relative paths in a SKILL.md against that skill's folder.",
        "When a skill calls an external API, batch requests where it allows; after a 429, wait as long as Retry-After says (or back off) before retrying.",
        SKILLS,
      ].join("\n"),
    );
  });

  it("in compact size: the rules on one line, then the trimmed skills block", () => {
    expect(
      renderSectionText({ size: "compact", tools: read, skillsPrompt: `\n${SKILLS}\n` }, "skills"),
    ).toBe(
      [
        "Clearly fitting skill: `read` its SKILL.md, follow it; most specific; max one up front; never guess; relative paths from its folder; batch API calls; 429: wait for Retry-After.",
        SKILLS,
      ].join("\n"),
    );
  });
});
