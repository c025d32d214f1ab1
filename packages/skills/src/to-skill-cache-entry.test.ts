import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SkillCandidate } from "./discover-skill-candidates.js";
import { hashSkillBytes, toSkill, toSkillCacheEntry } from "./to-skill-cache-entry.js";
import type { ParsedSkill } from "./types.js";

const candidate: SkillCandidate = {
  path: "/skills/gh/SKILL.md",
  dir: "/skills/gh",
  mtimeMs: 1_700_000_000_000,
  size: 99,
};
const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

const FULL_SKILL = [
  "---",
  "name: gh",
  "description: GitHub CLI.",
  "homepage: https://example.com/gh",
  "metadata:",
  "  openclaw:",
  "    os: [linux]",
  "    requires:",
  "      bins: [gh]",
  "      env: [GH_TOKEN]",
  "---",
  "",
].join("\n");

describe("toSkillCacheEntry", () => {
  it("keeps the parsed skill, the file's identity and its hash", () => {
    const bytes = utf8(FULL_SKILL);
    expect(hashSkillBytes(bytes)).toBe(sha256(bytes));
    expect(toSkillCacheEntry(bytes, candidate)).toStrictEqual({
      mtimeMs: candidate.mtimeMs,
      size: candidate.size,
      contentHash: sha256(bytes),
      diagnostics: [],
      skill: {
        name: "gh",
        description: "GitHub CLI.",
        userInvocable: true,
        disableModelInvocation: false,
        homepage: "https://example.com/gh",
        metadata: { os: ["linux"], requires: { bins: ["gh"], env: ["GH_TOKEN"] } },
      },
    });
  });

  it("freezes the metadata it shares between scans, down to each list", () => {
    const metadata = toSkillCacheEntry(utf8(FULL_SKILL), candidate).skill?.metadata;
    expect(Object.isFrozen(metadata)).toBe(true);
    expect(Object.isFrozen(metadata?.os)).toBe(true);
    expect(Object.isFrozen(metadata?.requires)).toBe(true);
    expect(Object.isFrozen(metadata?.requires?.bins)).toBe(true);
    expect(Object.isFrozen(metadata?.requires?.env)).toBe(true);
  });

  it("keeps only the diagnostics of a file that is not a skill, with no skill key", () => {
    const bytes = utf8("# no front matter\n");
    const entry = toSkillCacheEntry(bytes, candidate);
    expect(Object.keys(entry).sort()).toEqual(["contentHash", "diagnostics", "mtimeMs", "size"]);
    expect(entry.contentHash).toBe(sha256(bytes));
    expect(entry.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      "SKILL_NO_FRONTMATTER",
    ]);
  });

  it.each([
    ["NUL bytes", Uint8Array.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x0a])],
    ["invalid UTF-8", Uint8Array.from([0x2d, 0x2d, 0x2d, 0x0a, 0xe9, 0x0a])],
  ])("refuses a file with %s as binary", (_, bytes) => {
    expect(toSkillCacheEntry(bytes, candidate)).toStrictEqual({
      mtimeMs: candidate.mtimeMs,
      size: candidate.size,
      contentHash: sha256(bytes),
      diagnostics: [
        {
          code: "SKILL_BINARY",
          severity: "error",
          message:
            "SKILL.md is not UTF-8 text (NUL bytes or invalid encoding); the skill was skipped.",
          path: candidate.path,
          hint: "Save SKILL.md as UTF-8 text.",
        },
      ],
    });
  });
});

describe("toSkill", () => {
  const parsed: ParsedSkill = {
    name: "gh",
    description: "GitHub CLI.",
    userInvocable: false,
    disableModelInvocation: true,
    metadata: {},
  };

  it("adds where the skill was found to what was parsed", () => {
    expect(
      toSkill(
        { ...parsed, homepage: "https://example.com/gh" },
        candidate,
        { tier: "plugin", dir: "/skills", pluginId: "tools" },
        "ab12",
      ),
    ).toStrictEqual({
      ...parsed,
      homepage: "https://example.com/gh",
      path: candidate.path,
      dir: candidate.dir,
      tier: "plugin",
      pluginId: "tools",
      contentHash: "ab12",
    });
  });

  it("leaves out a homepage, plugin and hash it does not have", () => {
    expect(
      toSkill(parsed, candidate, { tier: "workspace", dir: "/skills" }, undefined),
    ).toStrictEqual({ ...parsed, path: candidate.path, dir: candidate.dir, tier: "workspace" });
  });
});
