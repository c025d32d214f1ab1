import type { RenderRunBootstrapFile, RenderRunSkill } from "./render-run.js";

/** One bootstrap file's accounting, as `render --json`, `context` and `inspect` report it. */
export type BootstrapStat = Pick<
  RenderRunBootstrapFile,
  "name" | "path" | "status" | "rawChars" | "injectedChars" | "limitedBy"
>;

/** The accounting fields of a bootstrap file (the turn's or the run's), and nothing else. */
export function pickBootstrapStat(file: BootstrapStat): BootstrapStat {
  return {
    name: file.name,
    path: file.path,
    status: file.status,
    rawChars: file.rawChars,
    injectedChars: file.injectedChars,
    limitedBy: file.limitedBy,
  };
}

/** What the list did with a skill: why it was excluded, its listing and rank, the form it got. */
export type SkillOutcome = Pick<
  RenderRunSkill,
  "reason" | "listing" | "priority" | "form" | "formCause"
>;

/** A skill's outcome fields (the turn's or the run's), absent ones left out. */
export function pickSkillOutcome(skill: SkillOutcome): SkillOutcome {
  return {
    ...(skill.reason === undefined ? {} : { reason: skill.reason }),
    listing: skill.listing,
    priority: skill.priority,
    ...(skill.form === undefined ? {} : { form: skill.form }),
    ...(skill.formCause === undefined ? {} : { formCause: skill.formCause }),
  };
}
