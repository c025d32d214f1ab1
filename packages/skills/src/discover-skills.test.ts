import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Dir } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { discoverSkills } from "./discover-skills.js";
import type { SkillFileReader } from "./discover-skills.js";
import type { SkillRoot } from "./types.js";

let temp: string;
beforeEach(async () => {
  temp = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "promptstack-skills-")));
});
afterEach(async () => {
  await fs.rm(temp, { recursive: true, force: true });
});

const skillText = (name: string, description = `Use ${name}.`): string =>
  `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;

async function writeTree(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  await Promise.all(
    Object.entries(files).map(async ([relative, content]) => {
      const file = path.join(root, relative);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, content);
    }),
  );
}

const names = (result: { skills: { name: string }[] }): string[] =>
  result.skills.map((s) => s.name);
const codes = (result: { diagnostics: { code: string }[] }): string[] =>
  result.diagnostics.map((d) => d.code);

describe("discoverSkills", () => {
  it("finds skills, uses the flat frontmatter name for nested folders, and stops below a skill", async () => {
    const root = path.join(temp, "skills");
    await writeTree(root, {
      "weather/SKILL.md": skillText("weather"),
      "personal/tools/foo/SKILL.md": skillText("foo-flat"),
      "weather/examples/inner/SKILL.md": skillText("inner-ignored"),
      "notes/readme.md": "not a skill",
    });
    const result = await discoverSkills([{ tier: "workspace", dir: root }]);
    expect(names(result)).toEqual(["foo-flat", "weather"]);
    expect(result.diagnostics).toEqual([]);
    const foo = result.skills[0];
    expect(foo).toMatchObject({
      path: path.join(root, "personal/tools/foo/SKILL.md"),
      dir: path.join(root, "personal/tools/foo"),
      tier: "workspace",
    });
    expect(foo?.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("finds a skill 6 levels deep but not 7", async () => {
    const root = path.join(temp, "deep");
    await writeTree(root, {
      "1/2/3/4/5/six/SKILL.md": skillText("six"),
      "a/b/c/d/e/f/seven/SKILL.md": skillText("seven"),
    });
    expect(names(await discoverSkills([{ tier: "managed", dir: root }]))).toEqual(["six"]);
  });

  it("treats a root that holds SKILL.md itself as one skill", async () => {
    const root = path.join(temp, "solo");
    await writeTree(root, {
      "SKILL.md": "---\ndescription: d\n---\n",
      "child/SKILL.md": skillText("child"),
    });
    expect(names(await discoverSkills([{ tier: "extra", dir: root }]))).toEqual(["solo"]);
  });

  it("skips hidden folders and node_modules", async () => {
    const root = path.join(temp, "s");
    await writeTree(root, {
      ".git/x/SKILL.md": skillText("hidden"),
      "node_modules/pkg/SKILL.md": skillText("dep"),
      "real/SKILL.md": skillText("real"),
    });
    expect(names(await discoverSkills([{ tier: "workspace", dir: root }]))).toEqual(["real"]);
  });

  it("lets later tiers win by name and reports each collision with both paths", async () => {
    const bundled = path.join(temp, "bundled");
    const workspace = path.join(temp, "ws");
    const personal = path.join(temp, "personal");
    await writeTree(bundled, { "git/SKILL.md": skillText("git", "bundled git") });
    await writeTree(workspace, { "git/SKILL.md": skillText("git", "workspace git") });
    await writeTree(personal, { "git/SKILL.md": skillText("git", "personal git") });
    const roots: SkillRoot[] = [
      { tier: "workspace", dir: workspace },
      { tier: "bundled", dir: bundled },
      { tier: "personal", dir: personal },
    ];
    const result = await discoverSkills(roots);
    expect(result.skills.map((s) => [s.name, s.description, s.tier])).toEqual([
      ["git", "workspace git", "workspace"],
    ]);
    const overrides = result.diagnostics.filter((d) => d.code === "SKILL_OVERRIDDEN");
    expect(overrides).toHaveLength(2);
    expect(overrides[0]?.message).toContain(path.join(personal, "git/SKILL.md"));
    expect(overrides[0]?.message).toContain(path.join(bundled, "git/SKILL.md"));
    expect(overrides[1]?.message).toContain(path.join(workspace, "git/SKILL.md"));
    expect(overrides[1]?.message).toContain(path.join(personal, "git/SKILL.md"));
  });

  it("keeps a personal skill over a managed one of the same name, in both root orders", async () => {
    // Both path orders too: a tier tie would fall back to the path, so only the rank decides.
    for (const [managedName, personalName] of [
      ["a-managed", "b-personal"],
      ["b-managed", "a-personal"],
    ] as const) {
      const managed = { tier: "managed", dir: path.join(temp, managedName) } as const;
      const personal = { tier: "personal", dir: path.join(temp, personalName) } as const;
      await writeTree(managed.dir, { "git/SKILL.md": skillText("git", "managed git") });
      await writeTree(personal.dir, { "git/SKILL.md": skillText("git", "personal git") });
      for (const roots of [
        [managed, personal],
        [personal, managed],
      ]) {
        const result = await discoverSkills(roots);
        expect(result.skills.map((s) => [s.description, s.tier])).toEqual([
          ["personal git", "personal"],
        ]);
        expect(codes(result)).toEqual(["SKILL_OVERRIDDEN"]);
      }
    }
  });

  it("warns when kept names differ only by case or spacing, and keeps both", async () => {
    const bundled = path.join(temp, "bundled");
    const workspace = path.join(temp, "ws");
    await writeTree(bundled, { "deploy/SKILL.md": skillText("deploy") });
    await writeTree(workspace, {
      "Deploy/SKILL.md": skillText("Deploy"),
      "other/SKILL.md": skillText("other"),
    });
    const result = await discoverSkills([
      { tier: "bundled", dir: bundled },
      { tier: "workspace", dir: workspace },
    ]);
    expect(names(result)).toEqual(["Deploy", "deploy", "other"]);
    const collisions = result.diagnostics.filter((d) => d.code === "SKILL_NAME_CASE_COLLISION");
    expect(collisions).toHaveLength(1);
    expect(collisions[0]?.severity).toBe("warning");
    expect(collisions[0]?.message).toContain(path.join(bundled, "deploy/SKILL.md"));
    expect(collisions[0]?.message).toContain(path.join(workspace, "Deploy/SKILL.md"));
  });

  it("keeps the first by sorted path for duplicates within one tier", async () => {
    const first = path.join(temp, "a-root");
    const second = path.join(temp, "b-root");
    await writeTree(first, { "z/SKILL.md": skillText("dup", "from a") });
    await writeTree(second, {
      "a/SKILL.md": skillText("dup", "from b"),
      "b/SKILL.md": skillText("dup", "from b2"),
    });
    const result = await discoverSkills([
      { tier: "workspace", dir: second },
      { tier: "workspace", dir: first },
    ]);
    expect(result.skills.map((s) => s.description)).toEqual(["from a"]);
    const duplicates = result.diagnostics.filter((d) => d.code === "SKILL_DUPLICATE_NAME");
    expect(duplicates.map((d) => d.message)).toEqual([
      `Skill "dup" is defined twice in the workspace tier: kept ${path.join(first, "z/SKILL.md")}, ignored ${path.join(second, "a/SKILL.md")}.`,
      `Skill "dup" is defined twice in the workspace tier: kept ${path.join(first, "z/SKILL.md")}, ignored ${path.join(second, "b/SKILL.md")}.`,
    ]);
    // extra and plugin share a rank: same rule.
    const tied = await discoverSkills([
      { tier: "plugin", dir: second, pluginId: "p" },
      { tier: "extra", dir: first },
    ]);
    expect(tied.skills.map((s) => s.tier)).toEqual(["extra"]);
  });

  it("reports a missing root and throws SKILLS_BAD_ROOT for a file or a non-string", async () => {
    const missing = await discoverSkills([{ tier: "managed", dir: path.join(temp, "nope") }]);
    expect(missing).toMatchObject({
      skills: [],
      diagnostics: [{ code: "SKILLS_ROOT_MISSING", severity: "info" }],
    });
    await writeTree(temp, { "file.txt": "x" });
    await expect(
      discoverSkills([{ tier: "managed", dir: path.join(temp, "file.txt") }]),
    ).rejects.toMatchObject({
      code: "SKILLS_BAD_ROOT",
      path: "roots[0].dir",
    });
    await expect(
      discoverSkills([{ tier: "managed", dir: 42 as unknown as string }]),
    ).rejects.toMatchObject({
      code: "SKILLS_BAD_ROOT",
    });
    await expect(discoverSkills([{ tier: "nope" as "managed", dir: temp }])).rejects.toMatchObject({
      code: "SKILLS_BAD_ROOT",
      path: "roots[0].tier",
    });
    await expect(discoverSkills([{ tier: "plugin", dir: temp }])).rejects.toMatchObject({
      code: "SKILLS_BAD_ROOT",
      path: "roots[0].pluginId",
    });
  });

  it("skips a 1 MB SKILL.md without reading it", async () => {
    const root = path.join(temp, "big");
    const huge = skillText("huge") + "x".repeat(1024 * 1024);
    await writeTree(root, { "huge/SKILL.md": huge, "ok/SKILL.md": skillText("ok") });
    const read: string[] = [];
    const reader: SkillFileReader = async (file, maxBytes) => {
      read.push(file);
      return (await fs.readFile(file)).subarray(0, maxBytes + 1);
    };
    const result = await discoverSkills([{ tier: "workspace", dir: root }], { readFile: reader });
    expect(names(result)).toEqual(["ok"]);
    expect(codes(result)).toEqual(["SKILL_TOO_LARGE"]);
    expect(read).toEqual([path.join(root, "ok/SKILL.md")]);
  });

  it("skips a file that grew past the limit between stat and read", async () => {
    const root = path.join(temp, "grow");
    await writeTree(root, { "g/SKILL.md": skillText("g") });
    const result = await discoverSkills([{ tier: "workspace", dir: root }], {
      readFile: (_file, maxBytes) => new Uint8Array(maxBytes + 1),
    });
    expect(codes(result)).toEqual(["SKILL_TOO_LARGE"]);
  });

  it("skips binary and non-UTF-8 files, keeping the good ones", async () => {
    const root = path.join(temp, "bin");
    await writeTree(root, {
      "nul/SKILL.md": new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0xff, 0x00]),
      "latin1/SKILL.md": Buffer.from("---\ndescription: caf\xe9\n---\n", "latin1"),
      "good/SKILL.md": skillText("good"),
    });
    const result = await discoverSkills([{ tier: "workspace", dir: root }]);
    expect(names(result)).toEqual(["good"]);
    expect(codes(result)).toEqual(["SKILL_BINARY", "SKILL_BINARY"]);
  });

  it("survives symlink loops and skips links that leave the root", async () => {
    const root = path.join(temp, "links");
    const outside = path.join(temp, "outside");
    await writeTree(root, { "inside/real/SKILL.md": skillText("real") });
    await writeTree(outside, {
      "escaped/SKILL.md": skillText("escaped"),
      "lone/SKILL.md": skillText("lone"),
    });
    await fs.symlink(root, path.join(root, "inside/back-to-root"));
    await fs.symlink(path.join(root, "loop-b"), path.join(root, "loop-a"));
    await fs.symlink(path.join(root, "loop-a"), path.join(root, "loop-b"));
    await fs.symlink(outside, path.join(root, "to-outside"));
    await fs.mkdir(path.join(root, "file-link"));
    await fs.symlink(path.join(outside, "lone/SKILL.md"), path.join(root, "file-link/SKILL.md"));
    await fs.symlink(path.join(root, "inside/real"), path.join(root, "alias"));
    const result = await discoverSkills([{ tier: "workspace", dir: root }]);
    expect(names(result)).toEqual(["real"]);
    expect(result.skills[0]?.path).toBe(path.join(root, "alias/SKILL.md"));
    expect(codes(result).sort()).toEqual([
      "SKILLS_SYMLINK_LOOP",
      "SKILLS_SYMLINK_LOOP",
      "SKILLS_SYMLINK_OUTSIDE_ROOT",
      "SKILLS_SYMLINK_OUTSIDE_ROOT",
      "SKILLS_SYMLINK_REVISITED",
    ]);
  });

  it("reports an unreadable SKILL.md through an injected reader and keeps the rest", async () => {
    const root = path.join(temp, "perm");
    await writeTree(root, {
      "locked/SKILL.md": skillText("locked"),
      "open/SKILL.md": skillText("open"),
    });
    const result = await discoverSkills([{ tier: "workspace", dir: root }], {
      readFile: async (file, maxBytes) => {
        if (file.includes("locked"))
          throw Object.assign(new Error("permission denied"), { code: "EACCES" });
        return (await fs.readFile(file)).subarray(0, maxBytes + 1);
      },
    });
    expect(names(result)).toEqual(["open"]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "SKILL_READ_FAILED",
        message: "SKILL.md could not be read (EACCES); the skill was skipped.",
      }),
    ]);
  });

  // chmod cannot block reads for root, which is who runs this suite in CI containers.
  it.skipIf(process.getuid?.() === 0)("reports a chmod 000 SKILL.md", async () => {
    const root = path.join(temp, "chmod");
    await writeTree(root, { "locked/SKILL.md": skillText("locked") });
    await fs.chmod(path.join(root, "locked/SKILL.md"), 0o000);
    const result = await discoverSkills([{ tier: "workspace", dir: root }]);
    expect(codes(result)).toEqual(["SKILL_READ_FAILED"]);
  });

  it("never lets bad skills take down good ones", async () => {
    const root = path.join(temp, "mixed");
    await writeTree(root, {
      "a-yaml/SKILL.md": "---\nname: [\n---\n",
      "b-empty/SKILL.md": "",
      "c-nofm/SKILL.md": "# hi",
      "d-nodesc/SKILL.md": "---\nname: d\n---\n",
      "e-ctrl/SKILL.md": '---\nname: "a\\u0000b"\ndescription: d\n---\n',
      "f-good/SKILL.md": skillText("good"),
    });
    const result = await discoverSkills([{ tier: "workspace", dir: root }]);
    expect(names(result)).toEqual(["good"]);
    expect(codes(result)).toEqual([
      "SKILL_YAML_INVALID",
      "SKILL_NO_FRONTMATTER",
      "SKILL_NO_FRONTMATTER",
      "SKILL_DESCRIPTION_MISSING",
      "SKILL_NAME_INVALID",
    ]);
  });

  it("applies per-root bounds over 2,000 skills, deterministically", async () => {
    const big = path.join(temp, "big");
    const files: Record<string, string> = {};
    for (let index = 0; index < 2000; index += 1) {
      files[`s${String(index).padStart(4, "0")}/SKILL.md`] = skillText(
        `s${String(index).padStart(4, "0")}`,
      );
    }
    await writeTree(big, files);
    const one = await discoverSkills([{ tier: "workspace", dir: big }]);
    expect(one.skills).toHaveLength(200);
    expect(one.skills.at(-1)?.name).toBe("s0199");
    expect(one.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "SKILLS_CANDIDATE_LIMIT",
        `Skill root ${big} has more than 300 SKILL.md files; the search stopped there.`,
      ],
      [
        "SKILLS_LOAD_LIMIT",
        `Skill root ${big} reached 200 loaded skills; 100 more SKILL.md files were not loaded.`,
      ],
    ]);
    expect(one.stats.filesRead).toBe(200);

    const raised = await discoverSkills([{ tier: "workspace", dir: big }], {
      limits: { maxCandidatesPerRoot: 5000, maxSkillsLoadedPerRoot: 5000 },
    });
    expect(raised.skills).toHaveLength(2000);
    expect(raised.diagnostics).toEqual([]);
    const again = await discoverSkills([{ tier: "workspace", dir: big }], {
      limits: { maxCandidatesPerRoot: 5000, maxSkillsLoadedPerRoot: 5000 },
    });
    expect(again.skills).toEqual(raised.skills);
  });

  it("reports the candidate bound only when a skill beyond it exists", async () => {
    const root = path.join(temp, "bound");
    await writeTree(root, {
      "a/SKILL.md": skillText("a"),
      "b/SKILL.md": skillText("b"),
      "c/notes.md": "x",
    });
    const exact = await discoverSkills([{ tier: "workspace", dir: root }], {
      limits: { maxCandidatesPerRoot: 2 },
    });
    expect(exact.diagnostics).toEqual([]);
    await writeTree(root, { "d/SKILL.md": skillText("d") });
    const over = await discoverSkills([{ tier: "workspace", dir: root }], {
      limits: { maxCandidatesPerRoot: 2 },
    });
    expect(names(over)).toEqual(["a", "b"]);
    expect(codes(over)).toEqual(["SKILLS_CANDIDATE_LIMIT"]);
  });

  it("stops the walk past maxDirectoriesPerRoot folders, counting folders that are not skills", async () => {
    const root = path.join(temp, "folders");
    await writeTree(root, {
      "a/SKILL.md": skillText("a"),
      "b/notes/readme.md": "x",
      "c/SKILL.md": skillText("c"),
      "d/SKILL.md": skillText("d"),
    });
    // The root, a, b and b/notes are four folders: c is the fifth.
    const under = await discoverSkills([{ tier: "workspace", dir: root }], {
      limits: { maxDirectoriesPerRoot: 6 },
    });
    expect(names(under)).toEqual(["a", "c", "d"]);
    expect(under.diagnostics).toEqual([]);
    const over = await discoverSkills([{ tier: "workspace", dir: root }], {
      limits: { maxDirectoriesPerRoot: 4 },
    });
    expect(names(over)).toEqual(["a"]);
    expect(over.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "SKILLS_DIRECTORY_LIMIT",
        `Skill root ${root} has more than 4 folders; the search stopped there.`,
      ],
    ]);
  });

  it("rejects invalid limits", async () => {
    await expect(discoverSkills([], { limits: { maxDepth: -1 } })).rejects.toMatchObject({
      code: "SKILLS_BAD_OPTIONS",
      path: "limits.maxDepth",
    });
    await expect(
      discoverSkills([], { limits: { maxEntriesPerDirectory: 2.5 } }),
    ).rejects.toMatchObject({ code: "SKILLS_BAD_OPTIONS", path: "limits.maxEntriesPerDirectory" });
  });

  it("skips a folder with more entries than maxEntriesPerDirectory, keeping its siblings", async () => {
    const root = path.join(temp, "entries");
    await writeTree(root, {
      "a/SKILL.md": skillText("a"),
      // Six entries: over a bound of 5, so nothing below is searched, not even x or y.
      "crowded/x/SKILL.md": skillText("x"),
      "crowded/y/SKILL.md": skillText("y"),
      "crowded/1.txt": "1",
      "crowded/2.txt": "2",
      "crowded/3.txt": "3",
      "crowded/.hidden": "entries count whatever their name",
      // Exactly five entries: searched.
      "full/z/SKILL.md": skillText("z"),
      "full/1.txt": "1",
      "full/2.txt": "2",
      "full/3.txt": "3",
      "full/4.txt": "4",
      // A skill folder is never listed, so its own files do not count.
      "m/SKILL.md": skillText("m"),
      ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`m/file-${i}.md`, "x"])),
    });
    const limits = { maxEntriesPerDirectory: 5 };
    const result = await discoverSkills([{ tier: "workspace", dir: root }], { limits });
    expect(names(result)).toEqual(["a", "m", "z"]);
    expect(result.diagnostics).toEqual([
      {
        code: "SKILLS_DIRECTORY_ENTRY_LIMIT",
        severity: "warning",
        message: `Folder ${path.join(root, "crowded")} has more than 5 entries; skills below it were skipped.`,
        path: path.join(root, "crowded"),
        hint: "Move the skills into a folder of their own, or raise limits.maxEntriesPerDirectory.",
      },
    ]);
    const raised = await discoverSkills([{ tier: "workspace", dir: root }]);
    expect(names(raised)).toEqual(["a", "m", "x", "y", "z"]);
    expect(raised.diagnostics).toEqual([]);
  });

  it("reports SKILL.md problems in walk order, whichever inspection finishes first", async () => {
    const root = path.join(temp, "order");
    const outside = path.join(temp, "outside");
    await writeTree(outside, { "secret/SKILL.md": skillText("secret") });
    await writeTree(root, { "b/c/notes.md": "x", "e/SKILL.md": skillText("e") });
    const link = (name: string, target: string): Promise<void> =>
      fs
        .mkdir(path.join(root, name), { recursive: true })
        .then(() => fs.symlink(target, path.join(root, name, "SKILL.md")));
    await link("a", path.join(outside, "secret/SKILL.md"));
    // Inside b's subtree: reported after a and before d, though d's SKILL.md is inspected ahead.
    await link("b/c", path.join(root, "missing-c.md"));
    await link("d", path.join(root, "missing-d.md"));
    const result = await discoverSkills([{ tier: "workspace", dir: root }]);
    expect(names(result)).toEqual(["e"]);
    expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ["SKILLS_SYMLINK_OUTSIDE_ROOT", path.join(root, "a/SKILL.md")],
      ["SKILL_READ_FAILED", path.join(root, "b/c/SKILL.md")],
      // Not a skill, so the folder is searched and the same link is met again as an entry.
      ["SKILLS_SYMLINK_BROKEN", path.join(root, "b/c/SKILL.md")],
      ["SKILL_READ_FAILED", path.join(root, "d/SKILL.md")],
      ["SKILLS_SYMLINK_BROKEN", path.join(root, "d/SKILL.md")],
    ]);
  });

  it("closes every folder it opens, over the entry bound or not", async () => {
    const root = path.join(temp, "handles");
    await writeTree(root, {
      "a/SKILL.md": skillText("a"),
      "crowded/1.txt": "1",
      "crowded/2.txt": "2",
      "crowded/3.txt": "3",
      "crowded/4.txt": "4",
      "group/b/SKILL.md": skillText("b"),
    });
    const opened: Dir[] = [];
    const realOpendir = fs.opendir.bind(fs);
    const spy = vi.spyOn(fs, "opendir").mockImplementation(async (...args) => {
      const handle = await realOpendir(...args);
      opened.push(handle);
      return handle;
    });
    try {
      const result = await discoverSkills([{ tier: "workspace", dir: root }], {
        limits: { maxEntriesPerDirectory: 3 },
      });
      expect(names(result)).toEqual(["a", "b"]);
      expect(codes(result)).toEqual(["SKILLS_DIRECTORY_ENTRY_LIMIT"]);
    } finally {
      spy.mockRestore();
    }
    // The root, crowded and group were listed; a closed handle refuses a second close.
    expect(opened).toHaveLength(3);
    for (const handle of opened) {
      await expect(handle.close()).rejects.toMatchObject({ code: "ERR_DIR_CLOSED" });
    }
  });

  // The race itself (a folder swapped for a link mid-walk) is in test/hostile-skills.test.ts; here
  // the file system answers as if it happened, so the check is tested on every run.
  it.each([
    ["resolves elsewhere", async () => "/elsewhere/group"],
    [
      "no longer resolves",
      async () => {
        throw Object.assign(new Error("gone"), { code: "ENOENT" });
      },
    ],
  ])(
    "skips a folder that %s once listed, keeping its siblings",
    async (_, realpathAfterListing) => {
      const root = path.join(temp, "changing");
      await writeTree(root, {
        "a/SKILL.md": skillText("a"),
        "group/b/SKILL.md": skillText("b"),
      });
      const group = path.join(root, "group");
      let listed = false;
      const realOpendir = fs.opendir.bind(fs);
      const realRealpath = fs.realpath.bind(fs);
      const opendir = vi.spyOn(fs, "opendir").mockImplementation(async (dir, options) => {
        const handle = await realOpendir(dir, options);
        if (dir === group) listed = true;
        return handle;
      });
      const realpath = vi
        .spyOn(fs, "realpath")
        .mockImplementation(async (target, options) =>
          target === group && listed ? realpathAfterListing() : realRealpath(target, options),
        );
      try {
        const result = await discoverSkills([{ tier: "workspace", dir: root }]);
        expect(names(result)).toEqual(["a"]);
        expect(result.diagnostics).toEqual([
          {
            code: "SKILLS_DIRECTORY_CHANGED",
            severity: "warning",
            message: `Folder ${group} changed while it was searched; skills below it were skipped.`,
            path: group,
            hint: "Retry when the folder is no longer being changed.",
          },
        ]);
      } finally {
        opendir.mockRestore();
        realpath.mockRestore();
      }
    },
  );

  it("reports each root's walk and load problems together, in root order", async () => {
    const first = path.join(temp, "first");
    const second = path.join(temp, "second");
    await writeTree(first, { "bad/SKILL.md": "no frontmatter\n" });
    await writeTree(second, { "ok/SKILL.md": skillText("ok") });
    await fs.symlink(path.join(temp, "nowhere"), path.join(first, "broken"));
    await fs.symlink(path.join(temp, "nowhere"), path.join(second, "broken"));
    const result = await discoverSkills([
      { tier: "workspace", dir: first },
      { tier: "workspace", dir: second },
    ]);
    expect(names(result)).toEqual(["ok"]);
    expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ["SKILLS_SYMLINK_BROKEN", path.join(first, "broken")],
      ["SKILL_NO_FRONTMATTER", path.join(first, "bad/SKILL.md")],
      ["SKILLS_SYMLINK_BROKEN", path.join(second, "broken")],
    ]);
  });

  it("reads a root's SKILL.md files several at once, and keeps walk and root order", async () => {
    const first = path.join(temp, "first");
    const second = path.join(temp, "second");
    await writeTree(first, {
      "a/SKILL.md": skillText("a"),
      "b/SKILL.md": "no frontmatter\n",
      "c/SKILL.md": skillText("c"),
    });
    await writeTree(second, { "d/SKILL.md": "no frontmatter\n", "e/SKILL.md": skillText("e") });
    // Reads of the first root in flight at once (the roots are searched at once too).
    let reading = 0;
    let mostAtOnce = 0;
    // Earlier files in walk order finish last: the result must not follow completion order.
    const delays: Record<string, number> = { a: 40, b: 30, c: 0, d: 20, e: 0 };
    const reader: SkillFileReader = async (file, maxBytes) => {
      const inFirst = file.startsWith(first + path.sep);
      if (inFirst) reading += 1;
      mostAtOnce = Math.max(mostAtOnce, reading);
      const name = path.basename(path.dirname(file));
      await new Promise((resolve) => setTimeout(resolve, delays[name] ?? 0));
      if (inFirst) reading -= 1;
      return (await fs.readFile(file)).subarray(0, maxBytes + 1);
    };
    const roots: SkillRoot[] = [
      { tier: "workspace", dir: first },
      { tier: "managed", dir: second },
    ];
    const result = await discoverSkills(roots, { readFile: reader });
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(result.skills.map((skill) => [skill.name, skill.tier])).toEqual([
      ["a", "workspace"],
      ["c", "workspace"],
      ["e", "managed"],
    ]);
    expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ["SKILL_NO_FRONTMATTER", path.join(first, "b/SKILL.md")],
      ["SKILL_NO_FRONTMATTER", path.join(second, "d/SKILL.md")],
    ]);
    expect(result.stats).toEqual({ filesRead: 5, cacheHits: 0 });
  });

  it("never reports a read started ahead past the load limit", async () => {
    const root = path.join(temp, "limit");
    await writeTree(root, { "a/SKILL.md": skillText("a"), "b/SKILL.md": skillText("b") });
    const read: string[] = [];
    const result = await discoverSkills([{ tier: "workspace", dir: root }], {
      limits: { maxSkillsLoadedPerRoot: 1 },
      readFile: async (file, maxBytes) => {
        read.push(path.basename(path.dirname(file)));
        if (file.includes(`${path.sep}b${path.sep}`)) throw new Error("read ahead, never used");
        return (await fs.readFile(file)).subarray(0, maxBytes + 1);
      },
    });
    expect(read).toEqual(["a", "b"]);
    expect(names(result)).toEqual(["a"]);
    expect(codes(result)).toEqual(["SKILLS_LOAD_LIMIT"]);
    expect(result.stats).toEqual({ filesRead: 1, cacheHits: 0 });
  });

  it("gives the event loop turns while it walks one root", async () => {
    const root = path.join(temp, "wide");
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        fs.mkdir(path.join(root, `d${String(i).padStart(3, "0")}`, "inner"), { recursive: true }),
      ),
    );
    // No SKILL.md, so nothing is read: every turn counted is the walk's. Counts turns of the
    // event loop (check phases), not time: a synchronous walk of these 601 folders leaves one.
    let turns = 0;
    let walking = true;
    const turn = (): void => {
      if (!walking) return;
      turns += 1;
      setImmediate(turn);
    };
    setImmediate(turn);
    const result = await discoverSkills([{ tier: "workspace", dir: root }]);
    walking = false;
    expect(result.skills).toEqual([]);
    expect(result.diagnostics).toEqual([]);
    expect(turns).toBeGreaterThan(50);
  });
});
