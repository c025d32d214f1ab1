import fs from "node:fs/promises";
import type { Dir } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Diagnostic } from "@promptstack/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { discoverSkillCandidates } from "./discover-skill-candidates.js";
import type { SkillCandidate } from "./discover-skill-candidates.js";
import { DEFAULT_LIMITS } from "./resolve-skills-discovery-limits.js";
import type { SkillsDiscoveryLimits } from "./resolve-skills-discovery-limits.js";

let temp: string;
let root: string;
beforeEach(async () => {
  temp = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "promptstack-walk-")));
  root = path.join(temp, "skills");
  await fs.mkdir(root);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(temp, { recursive: true, force: true });
});

async function writeTree(files: Record<string, string>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }
}

/** The walk of `root` (its own real path) with `limits` over the defaults. */
async function walk(
  limits: SkillsDiscoveryLimits = {},
  rootDir = root,
): Promise<{ paths: string[]; candidates: SkillCandidate[]; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const candidates = await discoverSkillCandidates(
    rootDir,
    rootDir,
    { ...DEFAULT_LIMITS, ...limits },
    diagnostics,
  );
  return { paths: candidates.map((candidate) => candidate.path), candidates, diagnostics };
}

const at = (relative: string): string => path.join(root, relative);

describe("discoverSkillCandidates: bounds", () => {
  it("stops at the folder past maxDirectoriesPerRoot with a warning", async () => {
    await writeTree({ "a/SKILL.md": "a", "b/SKILL.md": "b", "c/SKILL.md": "c" });
    // The root and a are two folders; b is the third, and c is not visited.
    expect(await walk({ maxDirectoriesPerRoot: 2 })).toMatchObject({
      paths: [at("a/SKILL.md")],
      diagnostics: [
        {
          code: "SKILLS_DIRECTORY_LIMIT",
          severity: "warning",
          message: `Skill root ${root} has more than 2 folders; the search stopped there.`,
          path: root,
          hint: "Point the root at a folder that holds only skills.",
        },
      ],
    });
  });

  it("stops at the SKILL.md past maxCandidatesPerRoot and searches nothing below it", async () => {
    // The root has 4 entries and b, a skill folder over the bound, 5: were b searched, it would
    // add an entry-limit warning; were the walk to go on, c would be a candidate too and the
    // broken link a warning.
    await writeTree({
      "a/SKILL.md": "a",
      "b/SKILL.md": "b",
      "b/x/y.md": "y",
      "b/1.md": "1",
      "b/2.md": "2",
      "b/3.md": "3",
      "c/SKILL.md": "c",
    });
    await fs.symlink(at("missing"), at("z-link"));
    const result = await walk({ maxCandidatesPerRoot: 1, maxEntriesPerDirectory: 4 });
    expect(result.paths).toEqual([at("a/SKILL.md")]);
    expect(result.diagnostics).toEqual([
      {
        code: "SKILLS_CANDIDATE_LIMIT",
        severity: "warning",
        message: `Skill root ${root} has more than 1 SKILL.md files; the search stopped there.`,
        path: root,
        hint: "Split the skills over several roots or remove unused ones.",
      },
    ]);
  });

  it("takes a folder holding SKILL.md as one skill and searches nothing below it", async () => {
    await writeTree({ "a/SKILL.md": "a", "a/inner/SKILL.md": "inner" });
    expect(await walk()).toMatchObject({ paths: [at("a/SKILL.md")], diagnostics: [] });
  });

  it("finds a skill folder at maxDepth below the root and none deeper", async () => {
    await writeTree({ "a/SKILL.md": "a", "b/c/SKILL.md": "c" });
    expect((await walk({ maxDepth: 1 })).paths).toEqual([at("a/SKILL.md")]);
    expect((await walk({ maxDepth: 2 })).paths).toEqual([at("a/SKILL.md"), at("b/c/SKILL.md")]);
  });

  it("inspects the SKILL.md of up to 32 child folders at once", async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => fs.mkdir(at(`d${String(i).padStart(2, "0")}`))),
    );
    let inFlight = 0;
    let mostAtOnce = 0;
    const realLstat = fs.lstat.bind(fs);
    vi.spyOn(fs, "lstat").mockImplementation(async (target, options) => {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      try {
        return await realLstat(target, options);
      } finally {
        inFlight -= 1;
      }
    });
    expect(await walk()).toEqual({ paths: [], candidates: [], diagnostics: [] });
    expect(mostAtOnce).toBe(32);
  });

  it("counts the depth of a folder reached through a link like any other", async () => {
    // Hidden folders are not listed, so .store/sub is reached only as link/sub, at depth 2.
    await writeTree({ ".store/sub/SKILL.md": "s" });
    await fs.symlink(at(".store"), at("link"));
    expect(await walk({ maxDepth: 1 })).toEqual({ paths: [], candidates: [], diagnostics: [] });
    expect((await walk({ maxDepth: 2 })).paths).toEqual([at("link/sub/SKILL.md")]);
  });
});

describe("discoverSkillCandidates: SKILL.md", () => {
  it("searches a folder whose SKILL.md is a folder like any other", async () => {
    await writeTree({ "a/SKILL.md/notes.md": "x", "a/b/SKILL.md": "b" });
    expect(await walk()).toMatchObject({ paths: [at("a/b/SKILL.md")], diagnostics: [] });
  });

  it("reports a SKILL.md whose lstat fails other than by absence", async () => {
    await writeTree({ "a/SKILL.md": "a", "b/SKILL.md": "b" });
    const realLstat = fs.lstat.bind(fs);
    vi.spyOn(fs, "lstat").mockImplementation(async (target, options) => {
      if (target === at("a/SKILL.md")) throw Object.assign(new Error("denied"), { code: "EACCES" });
      return realLstat(target, options);
    });
    expect(await walk()).toMatchObject({
      paths: [at("b/SKILL.md")],
      diagnostics: [
        {
          code: "SKILL_READ_FAILED",
          message: "SKILL.md could not be inspected (EACCES); the skill was skipped.",
          path: at("a/SKILL.md"),
        },
      ],
    });
  });
});

describe("discoverSkillCandidates: links", () => {
  it("takes a SKILL.md that links to a file inside the root, with the target's size", async () => {
    await writeTree({ ".files/a.md": "twelve bytes" });
    await fs.mkdir(at("a"));
    await fs.symlink(at(".files/a.md"), at("a/SKILL.md"));
    const result = await walk();
    expect(result.diagnostics).toEqual([]);
    expect(result.candidates).toEqual([
      {
        path: at("a/SKILL.md"),
        dir: at("a"),
        mtimeMs: (await fs.stat(at(".files/a.md"))).mtimeMs,
        size: 12,
      },
    ]);
  });

  it("reports a SKILL.md that cannot be inspected, then the same broken link as an entry", async () => {
    await fs.mkdir(at("a"));
    await fs.symlink(at("missing.md"), at("a/SKILL.md"));
    expect(await walk()).toEqual({
      paths: [],
      candidates: [],
      diagnostics: [
        {
          code: "SKILL_READ_FAILED",
          severity: "error",
          message: "SKILL.md could not be inspected (ENOENT); the skill was skipped.",
          path: at("a/SKILL.md"),
          hint: "Fix or remove the broken link or file.",
        },
        {
          code: "SKILLS_SYMLINK_BROKEN",
          severity: "warning",
          message: `Symlink ${at("a/SKILL.md")} cannot be followed (ENOENT); it was skipped.`,
          path: at("a/SKILL.md"),
          hint: "Fix or remove the link.",
        },
      ],
    });
  });

  it("reports each link of a loop once, as a loop", async () => {
    await fs.symlink(at("loop-b"), at("loop-a"));
    await fs.symlink(at("loop-a"), at("loop-b"));
    const loop = (link: string): Diagnostic => ({
      code: "SKILLS_SYMLINK_LOOP",
      severity: "warning",
      message: `Symlink ${at(link)} is part of a loop; it was skipped.`,
      path: at(link),
      hint: "Fix or remove the link.",
    });
    expect((await walk()).diagnostics).toEqual([loop("loop-a"), loop("loop-b")]);
  });

  it("enters a folder reached first through a link only once, and says nothing of it", async () => {
    await writeTree({ "real/skill/SKILL.md": "s" });
    await fs.symlink(at("real"), at("a-alias"));
    expect(await walk()).toMatchObject({ paths: [at("a-alias/skill/SKILL.md")], diagnostics: [] });
  });

  it("notes a link to a folder already searched and does not search it again", async () => {
    await writeTree({ "real/skill/SKILL.md": "s" });
    await fs.symlink(at("real"), at("z-alias"));
    expect(await walk()).toMatchObject({
      paths: [at("real/skill/SKILL.md")],
      diagnostics: [
        {
          code: "SKILLS_SYMLINK_REVISITED",
          severity: "info",
          message: `Symlink ${at("z-alias")} leads to a folder already searched; it was not searched again.`,
          path: at("z-alias"),
        },
      ],
    });
  });
});

describe("discoverSkillCandidates: listings", () => {
  const eio = (): Error => Object.assign(new Error("i/o error"), { code: "EIO" });
  const unreadable = (dir: string, reason: string): Diagnostic => ({
    code: "SKILLS_DIRECTORY_UNREADABLE",
    severity: "warning",
    message: `Folder ${dir} could not be listed (${reason}); skills below it were skipped.`,
    path: dir,
  });

  // A listing of `locked` that fails as `fail` says; every other folder is listed for real.
  async function walkWithFailingListing(fail: "open" | "read" | "read-throws"): Promise<unknown> {
    await writeTree({ "a/SKILL.md": "a", "locked/b/SKILL.md": "b", "z/SKILL.md": "z" });
    const realOpendir = fs.opendir.bind(fs);
    vi.spyOn(fs, "opendir").mockImplementation(async (dir, options) => {
      if (dir !== at("locked")) return realOpendir(dir, options);
      if (fail === "open") throw eio();
      const read = (callback: (error: Error | null, entry: null) => void): void => {
        if (fail === "read-throws") throw new Error("Directory handle was closed");
        callback(eio(), null);
      };
      return { read, close: async () => undefined } as unknown as Dir;
    });
    return walk();
  }

  it.each([
    ["cannot be opened", "open", "EIO"],
    ["fails while read", "read", "EIO"],
    ["throws when read", "read-throws", "Directory handle was closed"],
  ] as const)(
    "reports a folder whose listing %s and keeps its siblings",
    async (_, fail, reason) => {
      expect(await walkWithFailingListing(fail)).toMatchObject({
        paths: [at("a/SKILL.md"), at("z/SKILL.md")],
        diagnostics: [unreadable(at("locked"), reason)],
      });
    },
  );

  it("walks a folder's children in name order, whatever order the listing gives", async () => {
    const names = ["e", "c", "a", "d", "b"];
    await writeTree(Object.fromEntries(names.map((name) => [`${name}/SKILL.md`, name])));
    const realOpendir = fs.opendir.bind(fs);
    vi.spyOn(fs, "opendir").mockImplementation(async (dir, options) => {
      if (dir !== root) return realOpendir(dir, options);
      const entries = names.map((name) => ({
        name,
        isDirectory: () => true,
        isSymbolicLink: () => false,
      }));
      const read = (callback: (error: null, entry: unknown) => void): void =>
        callback(null, entries.shift() ?? null);
      return { read, close: async () => undefined } as unknown as Dir;
    });
    expect((await walk()).paths).toEqual(
      ["a", "b", "c", "d", "e"].map((name) => at(`${name}/SKILL.md`)),
    );
  });

  it("follows no plain file, even one removed while its folder is searched", async () => {
    await writeTree({ "notes.txt": "x", "a/SKILL.md": "a" });
    // The walk checks the folder's real path right after listing it: the file goes then.
    const realRealpath = fs.realpath.bind(fs);
    vi.spyOn(fs, "realpath").mockImplementation(async (target, options) => {
      if (target === root) await fs.rm(at("notes.txt"), { force: true });
      return realRealpath(target, options);
    });
    expect(await walk()).toMatchObject({ paths: [at("a/SKILL.md")], diagnostics: [] });
  });

  it("joins names to the file system root without doubling its separator", async () => {
    const asked: string[] = [];
    vi.spyOn(fs, "lstat").mockImplementation(async (target) => {
      asked.push(String(target));
      throw Object.assign(new Error("no such file"), { code: "ENOENT" });
    });
    expect(await walk({ maxDepth: 0 }, path.parse(root).root)).toEqual({
      paths: [],
      candidates: [],
      diagnostics: [],
    });
    expect(asked).toEqual([`${path.parse(root).root}SKILL.md`]);
  });
});
