import type { Diagnostic } from "@promptstack/core";
import { describe, expect, it } from "vitest";
import { resolveSkillPrecedence } from "./resolve-skill-precedence.js";
import type { Skill, SkillTier } from "./types.js";

function skill(name: string, filePath: string, tier: SkillTier = "workspace"): Skill {
  return {
    name,
    description: `${name} skill`,
    userInvocable: true,
    disableModelInvocation: false,
    metadata: {},
    path: filePath,
    dir: filePath.slice(0, filePath.lastIndexOf("/")),
    tier,
  };
}

function resolve(loaded: readonly Skill[]): { paths: string[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const skills = resolveSkillPrecedence(loaded, diagnostics);
  return { paths: skills.map((s) => s.path), diagnostics };
}

describe("resolveSkillPrecedence", () => {
  it("keeps the first of a tier's duplicates in walk order (a folder before its longer siblings)", () => {
    const nested = skill("x", "/r/a/b/SKILL.md");
    const sibling = skill("x", "/r/a-b/SKILL.md");
    const expected = {
      paths: ["/r/a/b/SKILL.md"],
      diagnostics: [
        {
          code: "SKILL_DUPLICATE_NAME",
          severity: "warning",
          message:
            'Skill "x" is defined twice in the workspace tier: kept /r/a/b/SKILL.md, ignored /r/a-b/SKILL.md.',
          path: "/r/a-b/SKILL.md",
          hint: "Rename one of the skills or remove the copy.",
        },
      ],
    };
    expect(resolve([nested, sibling])).toEqual(expected);
    expect(resolve([sibling, nested])).toEqual(expected);
  });

  it("orders three duplicates of a tier by path, whatever order they were loaded in", () => {
    const copies = ["/r/a/SKILL.md", "/r/b/SKILL.md", "/r/c/SKILL.md"].map((p) => skill("x", p));
    const ignored = (kept: string, path: string): Diagnostic => ({
      code: "SKILL_DUPLICATE_NAME",
      severity: "warning",
      message: `Skill "x" is defined twice in the workspace tier: kept ${kept}, ignored ${path}.`,
      path,
      hint: "Rename one of the skills or remove the copy.",
    });
    const [a, b, c] = copies as [Skill, Skill, Skill];
    for (const order of [
      [a, b, c],
      [a, c, b],
      [b, a, c],
      [b, c, a],
      [c, a, b],
      [c, b, a],
    ]) {
      expect(resolve(order)).toEqual({
        paths: [a.path],
        diagnostics: [ignored(a.path, b.path), ignored(a.path, c.path)],
      });
    }
  });

  it("keeps personal over managed, in both root orders", () => {
    const managed = skill("x", "/m/x/SKILL.md", "managed");
    const personal = skill("x", "/p/x/SKILL.md", "personal");
    const expected = {
      paths: ["/p/x/SKILL.md"],
      diagnostics: [
        {
          code: "SKILL_OVERRIDDEN",
          severity: "info",
          message: 'Skill "x" from personal (/p/x/SKILL.md) overrides managed (/m/x/SKILL.md).',
          path: "/p/x/SKILL.md",
        },
      ],
    };
    expect(resolve([managed, personal])).toEqual(expected);
    expect(resolve([personal, managed])).toEqual(expected);
  });

  it("warns on names that differ only by case, quoting names of up to 80 characters whole", () => {
    const collision = (first: Skill, second: Skill, firstName: string, secondName: string) => ({
      code: "SKILL_NAME_CASE_COLLISION",
      severity: "warning",
      message: `Skill names "${firstName}" (${first.path}) and "${secondName}" (${second.path}) differ only by case or spacing; both are listed and neither overrides the other.`,
      path: second.path,
      hint: "Rename one skill, or give both the same name so the higher tier overrides the other.",
    });
    // Folded by lower case: "ß" stays "ß", so it does not collide with "ss" ("SS" upper-cased).
    expect(
      resolve([skill("strasse", "/r/strasse/SKILL.md"), skill("straße", "/r/sz/SKILL.md")])
        .diagnostics,
    ).toEqual([]);
    const upper = skill("Deploy", "/r/Deploy/SKILL.md");
    const lower = skill("deploy", "/r/deploy/SKILL.md");
    expect(resolve([lower, upper]).diagnostics).toEqual([
      collision(upper, lower, "Deploy", "deploy"),
    ]);

    const at80Upper = skill(`A${"a".repeat(79)}`, "/r/A80/SKILL.md");
    const at80Lower = skill("a".repeat(80), "/r/a80/SKILL.md");
    expect(resolve([at80Lower, at80Upper]).diagnostics).toEqual([
      collision(at80Upper, at80Lower, at80Upper.name, at80Lower.name),
    ]);

    const longUpper = skill(`B${"b".repeat(80)}`, "/r/B81/SKILL.md");
    const longLower = skill("b".repeat(81), "/r/b81/SKILL.md");
    expect(resolve([longLower, longUpper]).diagnostics).toEqual([
      collision(longUpper, longLower, `B${"b".repeat(76)}...`, `${"b".repeat(77)}...`),
    ]);
  });
});
