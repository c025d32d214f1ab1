import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { discoverSkills } from "./discover-skills.js";
import { SkillsError } from "./skills-error.js";
import type { SkillRoot } from "./types.js";

let temp: string;
beforeEach(async () => {
  temp = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "promptstack-roots-")));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(temp, { recursive: true, force: true });
});

const ROOT_HINT =
  "Point each root at an existing skills directory (a missing one is only reported).";

/** The error `discoverSkills(roots)` rejects with. */
async function rejection(roots: readonly SkillRoot[]): Promise<SkillsError> {
  const error: unknown = await discoverSkills(roots).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!SkillsError.isInstance(error))
    throw new Error(`expected a SkillsError, got ${String(error)}`);
  return error;
}

describe("discoverSkills: roots it cannot use", () => {
  it("refuses roots that are not an array, with an example", async () => {
    await expect(discoverSkills("/skills" as unknown as SkillRoot[])).rejects.toMatchObject({
      name: "SkillsError",
      code: "SKILLS_BAD_ROOT",
      message: "discoverSkills: `roots` must be an array of skill roots.",
      hint: 'Pass e.g. [{ tier: "workspace", dir: "/path/to/skills" }].',
    });
  });

  it("refuses a root that is not an object, naming the first bad root by index", async () => {
    const error = await rejection([
      { tier: "workspace", dir: temp },
      null as unknown as SkillRoot,
      { tier: "workspace", dir: "" },
    ]);
    expect(error).toMatchObject({
      code: "SKILLS_BAD_ROOT",
      message: "discoverSkills: roots[1] must be an object with `tier` and `dir`.",
      path: "roots[1]",
      hint: ROOT_HINT,
    });
    expect("cause" in error).toBe(false);
  });

  it("refuses a root that is a string, not an object", async () => {
    expect(await rejection(["/skills" as unknown as SkillRoot])).toMatchObject({
      code: "SKILLS_BAD_ROOT",
      message: "discoverSkills: roots[0] must be an object with `tier` and `dir`.",
      path: "roots[0]",
    });
  });

  it.each([
    ["an empty", "  "],
    ["a non-string", 42],
  ])("refuses %s dir", async (_, dir) => {
    expect(await rejection([{ tier: "workspace", dir: dir as string }])).toMatchObject({
      code: "SKILLS_BAD_ROOT",
      message: "discoverSkills: roots[0].dir must be a non-empty string path.",
      path: "roots[0].dir",
      hint: ROOT_HINT,
    });
  });

  it("refuses an unknown tier and lists the known ones", async () => {
    expect(await rejection([{ tier: "global" as "workspace", dir: temp }])).toMatchObject({
      code: "SKILLS_BAD_ROOT",
      message:
        "discoverSkills: roots[0].tier must be one of extra, plugin, bundled, managed, personal, workspace.",
      path: "roots[0].tier",
    });
  });

  it.each([
    ["without a pluginId", {}],
    ["with an empty pluginId", { pluginId: "" }],
    ["with a pluginId that is not a string", { pluginId: 7 as unknown as string }],
  ])("refuses a plugin root %s", async (_, extra) => {
    expect(await rejection([{ tier: "plugin", dir: temp, ...extra }])).toMatchObject({
      code: "SKILLS_BAD_ROOT",
      message: 'discoverSkills: roots[0] has tier "plugin" but no pluginId.',
      path: "roots[0].pluginId",
    });
    const named = await discoverSkills([{ tier: "plugin", dir: temp, pluginId: "p" }]);
    expect(named.diagnostics).toEqual([]);
  });

  it("refuses a dir that is a file, with no cause", async () => {
    const file = path.join(temp, "file.txt");
    await fs.writeFile(file, "x");
    const error = await rejection([{ tier: "managed", dir: file }]);
    expect(error).toMatchObject({
      code: "SKILLS_BAD_ROOT",
      message: `discoverSkills: roots[0].dir ${file} is not a directory.`,
      path: "roots[0].dir",
      hint: ROOT_HINT,
    });
    expect("cause" in error).toBe(false);
  });

  it("refuses a dir whose stat fails other than by absence, keeping the cause", async () => {
    await fs.writeFile(path.join(temp, "file.txt"), "x");
    const dir = path.join(temp, "file.txt", "skills");
    const error = await rejection([{ tier: "managed", dir }]);
    expect(error).toMatchObject({
      code: "SKILLS_BAD_ROOT",
      message: `discoverSkills: roots[0].dir ${dir} cannot be inspected (ENOTDIR).`,
      path: "roots[0].dir",
      hint: ROOT_HINT,
      cause: { code: "ENOTDIR" },
    });
  });

  it("refuses a dir whose real path cannot be resolved, keeping the cause", async () => {
    const cause = Object.assign(new Error("permission denied"), { code: "EACCES" });
    const realRealpath = fs.realpath.bind(fs);
    vi.spyOn(fs, "realpath").mockImplementation(async (target, options) => {
      if (target === temp) throw cause;
      return realRealpath(target, options);
    });
    const error = await rejection([{ tier: "managed", dir: temp }]);
    expect(error).toMatchObject({
      code: "SKILLS_BAD_ROOT",
      message: `discoverSkills: roots[0].dir ${temp} cannot be resolved (EACCES).`,
      path: "roots[0].dir",
      hint: ROOT_HINT,
    });
    expect(error.cause).toBe(cause);
  });

  it("finds nothing in an empty list of roots", async () => {
    expect(await discoverSkills([])).toEqual({
      skills: [],
      diagnostics: [],
      stats: { filesRead: 0, cacheHits: 0 },
    });
  });

  it("only reports a root that does not exist", async () => {
    const dir = path.join(temp, "nope");
    expect(await discoverSkills([{ tier: "managed", dir }])).toEqual({
      skills: [],
      diagnostics: [
        {
          code: "SKILLS_ROOT_MISSING",
          severity: "info",
          message: `Skill root ${dir} (managed) does not exist; it was skipped.`,
          path: dir,
        },
      ],
      stats: { filesRead: 0, cacheHits: 0 },
    });
  });
});
