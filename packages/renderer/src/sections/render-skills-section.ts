import { hasText, hasTool, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/**
 * Skills: how to load a skill on demand, then the pre-formatted `<available_skills>` block.
 * Needs the `read` tool: without a way to open SKILL.md the list would only tempt guessing.
 */
export function renderSkillsSection(context: SectionRenderContext): string[] | undefined {
  const skills = context.input.skillsPrompt;
  if (!hasText(skills) || !hasTool(context, "read")) return undefined;
  if (isCompact(context)) {
    return [
      "Clearly fitting skill: `read` its SKILL.md, follow it; most specific; max one up front; never guess; relative paths from its folder; batch API calls; 429: wait for Retry-After.",
      skills.trim(),
    ];
  }
  return [
    "Skills are optional instructions for specific tasks; their list follows.",
    "When one clearly fits the task, `read` its SKILL.md at the listed location, then follow it.",
    "When several fit, pick the most specific; when none clearly fits, read none.",
    "Load at most one skill up front, and never guess what a skill says.",
    "Resolve relative paths in a SKILL.md against that skill's folder.",
    "When a skill calls an external API, batch requests where it allows; after a 429, wait as long as Retry-After says (or back off) before retrying.",
    skills.trim(),
  ];
}
