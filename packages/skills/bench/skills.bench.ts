import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bench, describe } from "vitest";
import { createSkillsCatalog } from "../src/create-skills-catalog.js";
import { discoverSkills } from "../src/discover-skills.js";
import { formatSkillsForPrompt } from "../src/format-skills-for-prompt.js";
import type { FormattableSkill, SkillListing } from "../src/skills-listing-types.js";
import type { SkillRoot } from "../src/types.js";

// 10,000 skills spread over 50 roots of 200, so the default per-root bounds hold.
const ROOTS = 50;
const PER_ROOT = 200;
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "promptstack-skills-bench-"));
process.on("exit", () => fs.rmSync(temp, { recursive: true, force: true }));

const roots: SkillRoot[] = [];
for (let r = 0; r < ROOTS; r += 1) {
  const dir = path.join(temp, `root-${String(r).padStart(2, "0")}`);
  roots.push({ tier: r % 2 === 0 ? "workspace" : "managed", dir });
  for (let s = 0; s < PER_ROOT; s += 1) {
    const name = `skill-${r}-${s}`;
    // Every fifth skill sits one folder deeper, as organizational nesting does.
    const folder = s % 5 === 0 ? path.join(dir, "group", name) : path.join(dir, name);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, "SKILL.md"),
      `---\nname: ${name}\ndescription: Handles task ${s} of area ${r}; use it when the user asks about ${name}.\nmetadata:\n  openclaw:\n    requires:\n      bins: [git]\n---\n# ${name}\n\nSteps go here.\n`,
    );
  }
}

const catalog = createSkillsCatalog(roots);
await catalog.scan();

const words = "read write search deploy review summarize convert schedule notify archive".split(
  " ",
);
const formattable: FormattableSkill[] = Array.from({ length: 1000 }, (_, index) => ({
  name: `skill-${String(index).padStart(4, "0")}`,
  description: Array.from(
    { length: 12 + (index % 30) },
    (_, w) => words[(index + w) % words.length],
  ).join(" "),
  path: `/home/bench/.agents/skills/skill-${index}/SKILL.md`,
}));

describe("discovery", () => {
  bench(
    "discover 10,000 SKILL.md cold (50 roots x 200)",
    async () => {
      await discoverSkills(roots);
    },
    { iterations: 5, warmupIterations: 1 },
  );

  bench(
    "catalog re-scan, 10,000 unchanged SKILL.md",
    async () => {
      await catalog.scan();
    },
    { iterations: 20, warmupIterations: 2 },
  );
});

describe("formatting", () => {
  bench("format 1,000 skills with default limits", () => {
    formatSkillsForPrompt(formattable, { homeDir: "/home/bench" });
  });
});

// Descriptions that need escaping: `&`, both quote kinds and `<args>` placeholders.
const escaping: FormattableSkill[] = Array.from({ length: 1000 }, (_, index) => ({
  name: `tool-${String(index).padStart(4, "0")}`,
  description: `Runs "step ${index}" & reports; call it as \`tool <args>\` when the user's task needs ${words[index % words.length]} & ${words[(index + 3) % words.length]} work, with care for edge cases.`,
  path: `/home/bench/.agents/skills/tool-${index}/SKILL.md`,
}));

describe("formatting with escapes", () => {
  bench("format 1,000 skills with &, quotes and <args> (default limits)", () => {
    formatSkillsForPrompt(escaping, { homeDir: "/home/bench" });
  });
});

// Listing config on every skill: a fifth pinned, a fifth name-only, a fifth manual, seven priorities.
const listings = ["pinned", "normal", "normal", "name-only", "manual"] as const;
// Literals, as the agent builds them: objects grown by a spread read slowly in V8.
const ranked: FormattableSkill[] = formattable.map(({ name, description, path }, index) => ({
  name,
  description,
  path,
  listing: listings[index % listings.length] as SkillListing,
  priority: index % 7,
}));

describe("formatting with listing config", () => {
  bench("format 1,000 skills with pinned, name-only, manual and 7 priorities", () => {
    formatSkillsForPrompt(ranked, { homeDir: "/home/bench" });
  });
});
