import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { discoverSkills } from "../src/discover-skills.js";
import { filterEligibleSkills } from "../src/filter-eligible-skills.js";
import { formatSkillsForPrompt } from "../src/format-skills-for-prompt.js";

// Front-matter shapes seen in published skill collections (our own text in each). `shapes.json`
// says, per skill folder, the name it must be listed under and which fields are read as plain
// text, or the code it is skipped with. The generic runner (fixture-cases.test.ts) keeps the
// prompt and report goldens of the same case.
const CASE = fileURLToPath(
  new URL("../../../fixtures/skills/published-front-matter-shapes/", import.meta.url),
);

interface Shapes {
  listed: Record<string, { name: string; recovered: string[] }>;
  skipped: Record<string, string>;
}

const shapes = JSON.parse(await fs.readFile(path.join(CASE, "shapes.json"), "utf8")) as Shapes;
const discovered = await discoverSkills([{ tier: "workspace", dir: path.join(CASE, "skills") }]);
const { eligible } = filterEligibleSkills(discovered.skills, {
  platform: "linux",
  env: { WEATHER_KEY: "set" },
  config: {},
  hasBin: (bin) => bin === "git",
  enabledPlugins: [],
});
const formatted = formatSkillsForPrompt(eligible);
const diagnosticsOf = (folder: string) =>
  discovered.diagnostics.filter(
    (diagnostic) => diagnostic.path === path.join(CASE, "skills", folder, "SKILL.md"),
  );

describe("published front-matter shapes", () => {
  it("accounts for every skill folder in shapes.json", async () => {
    const folders = (await fs.readdir(path.join(CASE, "skills"))).sort();
    expect(folders).toEqual([...Object.keys(shapes.listed), ...Object.keys(shapes.skipped)].sort());
  });

  for (const [folder, { name, recovered }] of Object.entries(shapes.listed)) {
    it(`lists ${folder}`, () => {
      expect(formatted.included).toContain(name);
      const diagnostics = diagnosticsOf(folder);
      expect(diagnostics.filter((diagnostic) => diagnostic.severity === "error")).toEqual([]);
      const warned = diagnostics
        .filter((diagnostic) => diagnostic.code === "SKILL_FIELD_RECOVERED")
        .map((diagnostic) => /`([^`]+)` is not valid YAML/.exec(diagnostic.message)?.[1]);
      expect(warned).toEqual(recovered);
      const skill = discovered.skills.find((candidate) => candidate.name === name);
      // The recovered text is the author's text: no YAML indicator, quote or CR left over.
      expect(skill?.description).not.toMatch(/^[>|"']|\r/);
    });
  }

  for (const [folder, code] of Object.entries(shapes.skipped)) {
    it(`skips ${folder} with ${code}: structured fields stay strict`, () => {
      expect(diagnosticsOf(folder).map((diagnostic) => diagnostic.code)).toEqual([code]);
    });
  }

  it("lists exactly the skills with a name and a description", () => {
    expect(formatted.format).toBe("full");
    expect([...formatted.included].sort()).toEqual(
      Object.values(shapes.listed)
        .map((shape) => shape.name)
        .sort(),
    );
  });
});
