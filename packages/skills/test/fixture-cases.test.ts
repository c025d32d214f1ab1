import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { listFixtureFolders } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { discoverSkills } from "../src/discover-skills.js";
import { filterEligibleSkills } from "../src/filter-eligible-skills.js";
import { formatSkillsForPrompt } from "../src/format-skills-for-prompt.js";
import type { FormatSkillsOptions } from "../src/skills-listing-types.js";
import type {
  SkillEligibilityContext,
  SkillEntrySettings,
} from "../src/resolve-skill-eligibility.js";
import type { SkillRoot } from "../src/types.js";

const FIXTURES = fileURLToPath(new URL("../../../fixtures/skills/", import.meta.url));

interface CaseFile {
  roots: SkillRoot[];
  eligibility?: {
    platform?: string;
    env?: Record<string, string>;
    config?: unknown;
    bins?: string[];
    enabledPlugins?: string[];
    allowlist?: string[];
    entries?: Record<string, SkillEntrySettings>;
  };
  format?: Omit<FormatSkillsOptions, "homeDir">;
}

/** Runs one case hermetically: the case folder stands in for HOME, host facts come from case.json. */
async function runCase(
  caseDir: string,
  override: Partial<CaseFile> = {},
): Promise<{ prompt: string; report: string }> {
  const spec = {
    ...(JSON.parse(await fs.readFile(path.join(caseDir, "case.json"), "utf8")) as CaseFile),
    ...override,
  };
  const roots = spec.roots.map((root) => ({ ...root, dir: path.join(caseDir, root.dir) }));
  const discovered = await discoverSkills(roots);
  const facts = spec.eligibility ?? {};
  const context: SkillEligibilityContext = {
    platform: facts.platform ?? "linux",
    env: facts.env ?? {},
    config: facts.config ?? {},
    hasBin: (bin) => (facts.bins ?? []).includes(bin),
    enabledPlugins: facts.enabledPlugins ?? [],
    ...(facts.allowlist === undefined ? {} : { allowlist: facts.allowlist }),
    ...(facts.entries === undefined ? {} : { entries: facts.entries }),
  };
  const { eligible, excluded } = filterEligibleSkills(discovered.skills, context);
  const formatted = formatSkillsForPrompt(eligible, { ...spec.format, homeDir: caseDir });
  const hide = (text: string): string => text.split(caseDir).join("~");
  const report = {
    format: formatted.format,
    chars: formatted.chars,
    included: formatted.included,
    omitted: formatted.omitted,
    discovered: discovered.skills.map((skill) => ({
      name: skill.name,
      tier: skill.tier,
      path: hide(skill.path),
      ...(skill.pluginId === undefined ? {} : { pluginId: skill.pluginId }),
    })),
    excluded: excluded.map(({ skill, gate, reason }) => ({ name: skill.name, gate, reason })),
    diagnostics: discovered.diagnostics.map((diagnostic) => ({
      ...diagnostic,
      message: hide(diagnostic.message),
      ...(diagnostic.path === undefined ? {} : { path: hide(diagnostic.path) }),
    })),
  };
  return { prompt: formatted.text, report: `${JSON.stringify(report, null, 2)}\n` };
}

const cases = listFixtureFolders(FIXTURES);

describe("skills fixture cases", () => {
  it("has the behaviour cases the issue names", () => {
    expect(cases).toEqual(
      expect.arrayContaining([
        "precedence-workspace-overrides-bundled",
        "nested-skill-flat-name",
        "budget-degrades-to-compact",
        "xml-escaping-forged-tags",
        "plugin-skill-disabled-plugin",
      ]),
    );
  });

  for (const name of cases) {
    it(name, async () => {
      const caseDir = path.join(FIXTURES, name);
      const { prompt, report } = await runCase(caseDir);
      await expect(prompt).toMatchFileSnapshot(path.join(caseDir, "expected-prompt.txt"));
      await expect(report).toMatchFileSnapshot(path.join(caseDir, "expected-report.json"));
    });
  }

  it("reports drift when an input changes", async () => {
    const caseDir = path.join(FIXTURES, "budget-degrades-to-compact");
    const committed = await fs.readFile(path.join(caseDir, "expected-prompt.txt"), "utf8");
    const { prompt } = await runCase(caseDir, { format: { maxChars: 18000 } });
    expect(prompt).not.toBe(committed);
  });
});
