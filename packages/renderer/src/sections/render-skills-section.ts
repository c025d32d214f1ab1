import { hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Skills: how to load a skill on demand, then the pre-formatted `<available_skills>` block. */
export function renderSkillsSection(context: SectionRenderContext): string[] | undefined {
  const skills = context.input.skillsPrompt;
  if (!hasText(skills)) return undefined;
  return [
    "Skills are optional instructions for specific tasks; their list follows.",
    "When one clearly fits the task, `read` its SKILL.md at the listed location, then follow it.",
    "Load at most one skill up front, and never guess what a skill says.",
    skills.trim(),
  ];
}
