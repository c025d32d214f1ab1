import path from "node:path";
import type { Diagnostic } from "@promptstack/core";
import { normalizeInline } from "./format-skill-entry-text.js";
import type { Skill, SkillTier } from "./types.js";

/** Precedence of each tier: a skill from a higher rank replaces one of the same name. */
export const SKILL_TIER_RANK: Readonly<Record<SkillTier, number>> = {
  extra: 0,
  plugin: 0,
  bundled: 1,
  managed: 2,
  personal: 3,
  workspace: 4,
};

// Separators sort before any other character, so the order matches the depth-first walk.
function toPathSortKey(filePath: string): string {
  return filePath.split(path.sep).join("\u0000");
}

// Only names defined more than once need ordering by tier and path.
/** Internal: one skill per name (higher tier wins), sorted by name, with diagnostics. */
export function resolveSkillPrecedence(
  loaded: readonly Skill[],
  diagnostics: Diagnostic[],
): Skill[] {
  const groups = new Map<string, Skill[]>();
  for (const skill of loaded) {
    const group = groups.get(skill.name);
    if (group === undefined) groups.set(skill.name, [skill]);
    else group.push(skill);
  }
  const names = [...groups.keys()].sort((left, right) =>
    left < right ? -1 : left > right ? 1 : 0,
  );
  const skills: Skill[] = [];
  for (const name of names) {
    const group = groups.get(name) as Skill[];
    if (group.length === 1) {
      skills.push(group[0] as Skill);
      continue;
    }
    const ordered = group
      .map((skill) => ({
        skill,
        rank: SKILL_TIER_RANK[skill.tier],
        key: toPathSortKey(skill.path),
      }))
      .sort(
        (left, right) =>
          left.rank - right.rank || (left.key < right.key ? -1 : left.key > right.key ? 1 : 0),
      );
    let winner = (ordered[0] as { skill: Skill }).skill;
    for (const { skill } of ordered.slice(1)) {
      if (SKILL_TIER_RANK[winner.tier] === SKILL_TIER_RANK[skill.tier]) {
        diagnostics.push({
          code: "SKILL_DUPLICATE_NAME",
          severity: "warning",
          message: `Skill "${name}" is defined twice in the ${skill.tier} tier: kept ${winner.path}, ignored ${skill.path}.`,
          path: skill.path,
          hint: "Rename one of the skills or remove the copy.",
        });
      } else {
        diagnostics.push({
          code: "SKILL_OVERRIDDEN",
          severity: "info",
          message: `Skill "${name}" from ${skill.tier} (${skill.path}) overrides ${winner.tier} (${winner.path}).`,
          path: skill.path,
        });
        winner = skill;
      }
    }
    skills.push(winner);
  }
  reportFoldedNameCollisions(skills, diagnostics);
  return skills;
}

// Names that differ only by case or spacing look the same to the model and to allowlist
// authors; both stay listed (precedence is by exact name), with a warning to rename one.
function reportFoldedNameCollisions(skills: readonly Skill[], diagnostics: Diagnostic[]): void {
  const byFolded = new Map<string, Skill>();
  for (const skill of skills) {
    const folded = normalizeInline(skill.name).toLowerCase();
    const first = byFolded.get(folded);
    if (first === undefined) {
      byFolded.set(folded, skill);
      continue;
    }
    diagnostics.push({
      code: "SKILL_NAME_CASE_COLLISION",
      severity: "warning",
      message: `Skill names "${shorten(first.name)}" (${first.path}) and "${shorten(skill.name)}" (${skill.path}) differ only by case or spacing; both are listed and neither overrides the other.`,
      path: skill.path,
      hint: "Rename one skill, or give both the same name so the higher tier overrides the other.",
    });
  }
}

function shorten(name: string): string {
  return name.length > 80 ? `${name.slice(0, 77)}...` : name;
}
