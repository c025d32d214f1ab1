import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_METADATA_LIST_ITEMS,
  MAX_METADATA_STRING_CHARS,
  MAX_METADATA_TOTAL_CHARS,
  parseSkillFile,
} from "./parse-skill-file.js";
import { resolveSkillEligibility } from "./resolve-skill-eligibility.js";
import type { Skill } from "./types.js";

/** Fuzz runs of the amplification property; reported in the closing note. */
const AMPLIFICATION_FUZZ_RUNS = 300;

function aliasBomb(anchorChars: number, aliases: number, field: "os" | "bins"): string {
  const list = Array.from({ length: aliases }, () => "*big").join(", ");
  const anchor = `&big ${"x".repeat(anchorChars)}`;
  const seed = `seed: ${anchor}`;
  const metadata =
    field === "os"
      ? `metadata:\n  openclaw:\n    os: [${list}]`
      : `metadata:\n  openclaw:\n    requires:\n      bins: [${list}]`;
  return `---\nname: bomb\ndescription: d\n${seed}\n${metadata}\n---\n`;
}

function totalMetadataChars(skill: Skill["metadata"]): number {
  const lists = [skill.os, ...Object.values(skill.requires ?? {})].flat();
  return [...lists, skill.primaryEnv ?? "", skill.skillKey ?? ""].reduce(
    (sum, item) => sum + (item?.length ?? 0),
    0,
  );
}

describe("hostile skill: YAML alias amplification", () => {
  it("skips the attack file (one 100,000-char anchor, 5,500 aliases) with a diagnostic", () => {
    const text = aliasBomb(100_000, 5500, "os");
    const result = parseSkillFile(text, "/skills/bomb/SKILL.md");
    expect(result.skill).toBeUndefined();
    expect(result.diagnostics.map((d) => d.code)).toEqual(["SKILL_METADATA_TOO_LARGE"]);
    expect(result.diagnostics[0]?.message).toContain("metadata.openclaw.os");
  });

  it("bounds every metadata string, list and total, aliases counted each time", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * MAX_METADATA_STRING_CHARS }),
        fc.integer({ min: 0, max: 3 * MAX_METADATA_LIST_ITEMS }),
        fc.constantFrom("os" as const, "bins" as const),
        (anchorChars, aliases, field) => {
          const result = parseSkillFile(aliasBomb(anchorChars, aliases, field), "/s/b/SKILL.md");
          if (result.skill === undefined) {
            expect(result.diagnostics.map((d) => d.code)).toContain("SKILL_METADATA_TOO_LARGE");
            return;
          }
          const metadata = result.skill.metadata;
          expect(totalMetadataChars(metadata)).toBeLessThanOrEqual(MAX_METADATA_TOTAL_CHARS);
          const skill: Skill = {
            ...result.skill,
            path: "/s/b/SKILL.md",
            dir: "/s/b",
            tier: "workspace",
          };
          // Building the exclusion reason must stay cheap and never throw.
          const verdict = resolveSkillEligibility(skill, { platform: "plan9" });
          if (!verdict.eligible) {
            expect(verdict.reason.length).toBeLessThanOrEqual(MAX_METADATA_TOTAL_CHARS + 200);
          }
        },
      ),
      { numRuns: AMPLIFICATION_FUZZ_RUNS },
    );
  });
});
