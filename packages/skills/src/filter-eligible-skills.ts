import { resolveSkillEligibility } from "./resolve-skill-eligibility.js";
import type { SkillEligibilityContext, SkillGate } from "./resolve-skill-eligibility.js";
import type { Skill } from "./types.js";

/** A skill left out of the prompt, with the gate and the reason. */
export interface ExcludedSkill {
  readonly skill: Skill;
  readonly gate: SkillGate;
  readonly reason: string;
}

/** Skills split into those that may be listed and those excluded, both in input order. */
export interface FilterEligibleSkillsResult {
  readonly eligible: Skill[];
  readonly excluded: ExcludedSkill[];
}

/** Applies `resolveSkillEligibility` to every skill; every excluded skill carries its reason. */
export function filterEligibleSkills(
  skills: readonly Skill[],
  context: SkillEligibilityContext,
): FilterEligibleSkillsResult {
  const eligible: Skill[] = [];
  const excluded: ExcludedSkill[] = [];
  for (const skill of skills) {
    const verdict = resolveSkillEligibility(skill, context);
    if (verdict.eligible) eligible.push(skill);
    else excluded.push({ skill, gate: verdict.gate, reason: verdict.reason });
  }
  return { eligible, excluded };
}
