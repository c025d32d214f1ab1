import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSkillsCatalog } from "./create-skills-catalog.js";

let temp: string;
beforeEach(async () => {
  temp = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "promptstack-catalog-")));
});
afterEach(async () => {
  await fs.rm(temp, { recursive: true, force: true });
});

async function writeSkill(name: string, description: string): Promise<string> {
  const file = path.join(temp, name, "SKILL.md");
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `---\nname: ${name}\ndescription: ${description}\n---\n`);
  return file;
}

describe("createSkillsCatalog", () => {
  it("reads no SKILL.md again on an unchanged re-scan", async () => {
    await writeSkill("a", "first");
    await writeSkill("b", "second");
    await writeSkill("broken", "");
    const catalog = createSkillsCatalog([{ tier: "workspace", dir: temp }]);
    const cold = await catalog.scan();
    expect(cold.stats).toEqual({ filesRead: 3, cacheHits: 0 });
    const warm = await catalog.scan();
    expect(warm.stats).toEqual({ filesRead: 0, cacheHits: 3 });
    expect(warm.skills).toEqual(cold.skills);
    expect(warm.diagnostics).toEqual(cold.diagnostics);
  });

  it("re-reads a changed file, drops a deleted one and picks up a new one", async () => {
    const a = await writeSkill("a", "first");
    const b = await writeSkill("b", "second");
    const catalog = createSkillsCatalog([{ tier: "workspace", dir: temp }]);
    await catalog.scan();
    await fs.writeFile(a, "---\nname: a\ndescription: changed and longer\n---\n");
    const later = new Date(Date.now() + 5000);
    await fs.utimes(a, later, later);
    await fs.rm(path.dirname(b), { recursive: true });
    await writeSkill("c", "third");
    const next = await catalog.scan();
    expect(next.stats).toEqual({ filesRead: 2, cacheHits: 0 });
    expect(next.skills.map((s) => [s.name, s.description])).toEqual([
      ["a", "changed and longer"],
      ["c", "third"],
    ]);
  });

  it("re-reads a file whose mtime alone changed, and one whose size alone changed", async () => {
    const a = await writeSkill("a", "first");
    const b = await writeSkill("b", "second");
    // Whole seconds, which every file system stores exactly.
    const fixed = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    await fs.utimes(b, fixed, fixed);
    const catalog = createSkillsCatalog([{ tier: "workspace", dir: temp }]);
    await catalog.scan();
    // Same size, later mtime.
    await fs.writeFile(a, "---\nname: a\ndescription: FIRST\n---\n");
    const later = new Date(Date.now() + 5000);
    await fs.utimes(a, later, later);
    // Other size, same mtime.
    await fs.writeFile(b, "---\nname: b\ndescription: second, longer\n---\n");
    await fs.utimes(b, fixed, fixed);
    const next = await catalog.scan();
    expect(next.stats).toEqual({ filesRead: 2, cacheHits: 0 });
    expect(next.skills.map((s) => [s.name, s.description])).toEqual([
      ["a", "FIRST"],
      ["b", "second, longer"],
    ]);
  });

  it("shares frozen metadata, so a result cannot corrupt the next scan", async () => {
    const file = path.join(temp, "m", "SKILL.md");
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(
      file,
      "---\ndescription: d\nmetadata: {openclaw: {os: [linux], requires: {bins: [gh]}}}\n---\n",
    );
    const catalog = createSkillsCatalog([{ tier: "workspace", dir: temp }]);
    const first = await catalog.scan();
    expect(() => (first.skills[0]!.metadata.requires!.bins as string[]).push("mutated")).toThrow(
      TypeError,
    );
    expect(() => ((first.skills[0]!.metadata.os as string[]).length = 0)).toThrow(TypeError);
    (first.skills[0] as { description: string }).description = "changed";
    const second = await catalog.scan();
    expect(second.stats.cacheHits).toBe(1);
    expect(second.skills[0]?.description).toBe("d");
    expect(second.skills[0]?.metadata).toEqual({ os: ["linux"], requires: { bins: ["gh"] } });
  });

  it("shares one walk between concurrent scans", async () => {
    await writeSkill("a", "first");
    const catalog = createSkillsCatalog([{ tier: "workspace", dir: temp }]);
    const [left, right] = await Promise.all([catalog.scan(), catalog.scan()]);
    expect(left).toBe(right);
    expect((await catalog.scan()).stats.cacheHits).toBe(1);
  });
});
