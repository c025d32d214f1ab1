import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Diagnostic } from "@promptstack/core";
import type * as SafeRead from "@promptstack/safe-read";
import type { ReadContainedFileResult } from "@promptstack/safe-read";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tooLarge } from "./describe-fs-error.js";
import { discoverSkills } from "./discover-skills.js";
import { hashSkillBytes } from "./to-skill-cache-entry.js";

// What the safe reader answers for the next reads; undefined reads the file for real.
const answer = vi.hoisted(() => ({ result: undefined as ReadContainedFileResult | undefined }));
vi.mock("@promptstack/safe-read", async (importOriginal) => {
  const original = await importOriginal<typeof SafeRead>();
  return {
    ...original,
    readContainedFile: (options: SafeRead.ReadContainedFileOptions) =>
      answer.result === undefined ? original.readContainedFile(options) : answer.result,
  };
});

let temp: string;
let root: string;
beforeEach(async () => {
  temp = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "promptstack-reads-")));
  root = path.join(temp, "skills");
});
afterEach(async () => {
  answer.result = undefined;
  await fs.rm(temp, { recursive: true, force: true });
});

async function writeSkills(...names: string[]): Promise<void> {
  for (const name of names) {
    await fs.mkdir(path.join(root, name), { recursive: true });
    await fs.writeFile(
      path.join(root, name, "SKILL.md"),
      `---\nname: ${name}\ndescription: Use ${name}.\n---\n`,
    );
  }
}

const readFailed = (file: string, detail: string): Diagnostic => ({
  code: "SKILL_READ_FAILED",
  severity: "error",
  message: `SKILL.md could not be read (${detail}); the skill was skipped.`,
  path: file,
  hint: "Check the file's permissions.",
});

describe("discoverSkills: a SKILL.md the safe read refuses", () => {
  const refused = (
    reason: SafeRead.ContainedFileRefusal,
    detail: string,
  ): ReadContainedFileResult => ({ kind: "refused", reason, detail });

  it.each([
    ["is gone", { kind: "missing" }, "it disappeared after the search"],
    ["is not a regular file", refused("not-regular", "a FIFO"), "it is a FIFO, not a regular file"],
    ["changed while read", refused("changed", "ELOOP"), "it was replaced while it was read"],
    ["cannot be read", refused("unreadable", "EIO"), "EIO"],
    ["is a broken link", refused("broken-link", "ENOENT"), "ENOENT"],
  ] as const)("reports one that %s as unread", async (_, result, detail) => {
    await writeSkills("a");
    answer.result = result;
    expect(await discoverSkills([{ tier: "workspace", dir: root }])).toEqual({
      skills: [],
      diagnostics: [readFailed(path.join(root, "a", "SKILL.md"), detail)],
      stats: { filesRead: 0, cacheHits: 0 },
    });
  });

  it("reports one that resolves outside the root as a link leaving it", async () => {
    await writeSkills("a");
    const file = path.join(root, "a", "SKILL.md");
    answer.result = refused("outside-root", "/elsewhere/SKILL.md");
    expect((await discoverSkills([{ tier: "workspace", dir: root }])).diagnostics).toEqual([
      {
        code: "SKILLS_SYMLINK_OUTSIDE_ROOT",
        severity: "warning",
        message: `Symlink ${file} resolves to /elsewhere/SKILL.md, outside its skill root; it was skipped.`,
        path: file,
        hint: "Add the target folder as its own skill root, or copy the skill into this root.",
      },
    ]);
  });
});

describe("discoverSkills: reads and their limits", () => {
  it("reports a custom reader's failure, whatever it throws", async () => {
    await writeSkills("a", "b");
    const result = await discoverSkills([{ tier: "workspace", dir: root }], {
      readFile: (file) => {
        // oxlint-disable-next-line typescript/only-throw-error -- a caller's reader may throw anything
        throw file.includes(`${path.sep}a${path.sep}`) ? "not an Error" : new Error("disk\nfull");
      },
    });
    expect(result.diagnostics).toEqual([
      readFailed(path.join(root, "a", "SKILL.md"), "unknown error"),
      readFailed(path.join(root, "b", "SKILL.md"), "disk"),
    ]);
  });

  it("reads a SKILL.md of exactly maxSkillFileBytes and skips one a byte larger", async () => {
    await writeSkills("a", "b");
    const a = path.join(root, "a", "SKILL.md");
    const b = path.join(root, "b", "SKILL.md");
    await fs.appendFile(b, "\n");
    const { size } = await fs.stat(a);
    const result = await discoverSkills([{ tier: "workspace", dir: root }], {
      limits: { maxSkillFileBytes: size },
    });
    expect(result.skills.map((skill) => skill.name)).toEqual(["a"]);
    // Read whole: the hash is the whole file's.
    expect(result.skills[0]?.contentHash).toBe(hashSkillBytes(await fs.readFile(a)));
    expect(result.diagnostics).toEqual([tooLarge(b, size)]);
    expect(result.stats).toEqual({ filesRead: 1, cacheHits: 0 });
  });

  it("keeps a SKILL.md whose read gives exactly maxSkillFileBytes bytes", async () => {
    await writeSkills("a");
    const { size } = await fs.stat(path.join(root, "a", "SKILL.md"));
    // The file is larger when read than when found: the bytes read decide.
    const result = await discoverSkills([{ tier: "workspace", dir: root }], {
      limits: { maxSkillFileBytes: size + 1 },
      readFile: async (file) => Buffer.concat([await fs.readFile(file), Buffer.from("\n")]),
    });
    expect(result.skills.map((skill) => skill.name)).toEqual(["a"]);
    expect(result.diagnostics).toEqual([]);
  });

  it("reads up to 16 SKILL.md files of a root at once, in walk order", async () => {
    const names = Array.from({ length: 20 }, (_, i) => `s${String(i).padStart(2, "0")}`);
    await writeSkills(...names);
    let inFlight = 0;
    let mostAtOnce = 0;
    const result = await discoverSkills([{ tier: "workspace", dir: root }], {
      readFile: async (file) => {
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        try {
          return await fs.readFile(file);
        } finally {
          inFlight -= 1;
        }
      },
    });
    expect(result.skills.map((skill) => skill.name)).toEqual(names);
    expect(mostAtOnce).toBe(16);
  });

  it("loads exactly maxSkillsLoadedPerRoot skills and says how many were left", async () => {
    await writeSkills("a", "b", "c");
    const exact = await discoverSkills([{ tier: "workspace", dir: root }], {
      limits: { maxSkillsLoadedPerRoot: 3 },
    });
    expect(exact.skills.map((skill) => skill.name)).toEqual(["a", "b", "c"]);
    expect(exact.diagnostics).toEqual([]);
    const over = await discoverSkills([{ tier: "workspace", dir: root }], {
      limits: { maxSkillsLoadedPerRoot: 1 },
    });
    expect(over.skills.map((skill) => skill.name)).toEqual(["a"]);
    expect(over.diagnostics).toEqual([
      {
        code: "SKILLS_LOAD_LIMIT",
        severity: "warning",
        message: `Skill root ${root} reached 1 loaded skills; 2 more SKILL.md files were not loaded.`,
        path: root,
        hint: "Split the skills over several roots or remove unused ones.",
      },
    ]);
  });
});
