import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, resolveSkillsDiscoveryLimits } from "./resolve-skills-discovery-limits.js";
import type { SkillsDiscoveryLimits } from "./resolve-skills-discovery-limits.js";

describe("resolveSkillsDiscoveryLimits", () => {
  it("fills every limit left out with its default", () => {
    expect(resolveSkillsDiscoveryLimits(undefined)).toEqual({
      maxCandidatesPerRoot: 300,
      maxSkillsLoadedPerRoot: 200,
      maxSkillFileBytes: 256_000,
      maxDepth: 6,
      maxDirectoriesPerRoot: 5000,
      maxEntriesPerDirectory: 10_000,
    });
    // A JavaScript caller may spell a left-out limit as undefined.
    const limits = {
      maxDepth: 2,
      maxSkillFileBytes: undefined,
    } as unknown as SkillsDiscoveryLimits;
    expect(resolveSkillsDiscoveryLimits(limits)).toEqual({
      ...DEFAULT_LIMITS,
      maxDepth: 2,
    });
  });

  it("accepts 0 for every limit", () => {
    const zero = Object.fromEntries(Object.keys(DEFAULT_LIMITS).map((key) => [key, 0]));
    expect(resolveSkillsDiscoveryLimits(zero)).toEqual(zero);
  });

  it.each([
    ["a negative number", -1, "-1"],
    ["a fraction", 2.5, "2.5"],
    ["NaN", Number.NaN, "NaN"],
    ["Infinity", Number.POSITIVE_INFINITY, "Infinity"],
    ["a numeric string", "3", "3"],
  ])("refuses %s, naming the limit and its default", (_, value, shown) => {
    const limits = { maxDepth: 1, maxEntriesPerDirectory: value } as SkillsDiscoveryLimits;
    expect(() => resolveSkillsDiscoveryLimits(limits)).toThrow(
      expect.objectContaining({
        name: "SkillsError",
        code: "SKILLS_BAD_OPTIONS",
        message: `discoverSkills: limits.maxEntriesPerDirectory must be a non-negative integer, got ${shown}.`,
        path: "limits.maxEntriesPerDirectory",
        hint: "Omit it for the default 10000.",
      }),
    );
  });
});
