import { describe, expect, it } from "vitest";
import {
  cleanEscapedLength,
  normalizeInline,
  normalizePath,
  toDisplayPath,
  trimTrailingSeparators,
} from "./format-skill-entry-text.js";

// Every character above U+007F that JavaScript's `\s` matches: each is whitespace to collapse.
const WIDE_SPACES = [
  "\u00a0",
  "\u1680",
  "\u2000",
  "\u2005",
  "\u200a",
  "\u2028",
  "\u2029",
  "\u202f",
  "\u205f",
  "\u3000",
  "\ufeff",
];
// Characters that XML 1.0 forbids: each becomes U+FFFD.
const XML_INVALID = ["\ud800", "\udbff", "\udc00", "\udfff", "\ufffe", "\uffff"];
// Neighbours of the ranges above that are neither: kept as they are.
const PLAIN_ABOVE_7F = ["\u00e9", "\u1fff", "\u200b", "\u2027", "\u202e", "\ud7ff", "\ufffd"];

describe("normalizeInline", () => {
  it("collapses every kind of whitespace above U+007F to one space", () => {
    for (const space of WIDE_SPACES) {
      expect([space, normalizeInline(`a${space}b`)]).toEqual([space, "a b"]);
      expect([space, normalizeInline(`a ${space} b${space}`)]).toEqual([space, "a b"]);
    }
  });

  it("replaces lone surrogates and non-characters with U+FFFD", () => {
    for (const invalid of XML_INVALID) {
      expect([invalid, normalizeInline(`a${invalid}b`)]).toEqual([invalid, "a\ufffdb"]);
    }
  });

  it("keeps other characters above U+007F and whole surrogate pairs", () => {
    for (const plain of [...PLAIN_ABOVE_7F, "\ud83d\ude00"]) {
      expect([plain, normalizeInline(`a${plain}b`)]).toEqual([plain, `a${plain}b`]);
    }
  });
});

describe("cleanEscapedLength", () => {
  it("is -1 for a value that normalizeInline would change", () => {
    for (const special of [...WIDE_SPACES, ...XML_INVALID, "\u0001", "\t", "  "]) {
      expect([special, cleanEscapedLength(`a${special}b`)]).toEqual([special, -1]);
    }
    expect(cleanEscapedLength(" ab")).toBe(-1);
    expect(cleanEscapedLength("ab ")).toBe(-1);
  });

  it("is the escaped length of a value normalizeInline keeps", () => {
    for (const plain of PLAIN_ABOVE_7F) {
      expect([plain, cleanEscapedLength(`a${plain}b`)]).toEqual([plain, 3]);
    }
    expect(cleanEscapedLength("")).toBe(0);
    expect(cleanEscapedLength(`a&b<c>"d'`)).toBe(9 + 4 + 3 + 3 + 5 + 5);
  });
});

describe("normalizePath", () => {
  it("puts line breaks on one line and replaces XML-invalid characters, keeping spaces", () => {
    expect(normalizePath("/a\u2028b\u2029c\nd/SKILL.md")).toBe("/a b c d/SKILL.md");
    expect(normalizePath("/a  b\u00a0c/\ud800/SKILL.md")).toBe("/a  b\u00a0c/\ufffd/SKILL.md");
    expect(normalizePath(" /x/\u0001 ")).toBe(" /x/\ufffd ");
  });
});

describe("trimTrailingSeparators", () => {
  it("drops trailing slashes and backslashes, but never the root's", () => {
    expect(trimTrailingSeparators("/home/u//")).toBe("/home/u");
    expect(trimTrailingSeparators("C:\\Users\\u\\\\")).toBe("C:\\Users\\u");
    expect(trimTrailingSeparators("/home/u/\\")).toBe("/home/u");
    expect(trimTrailingSeparators("/")).toBe("/");
    expect(trimTrailingSeparators("//")).toBe("/");
    expect(trimTrailingSeparators("\\")).toBe("\\");
    expect(trimTrailingSeparators("a/")).toBe("a");
    expect(trimTrailingSeparators("")).toBe("");
  });
});

describe("toDisplayPath", () => {
  it("shows the home folder and paths under it with ~", () => {
    expect(toDisplayPath("/home/u", "/home/u")).toBe("~");
    expect(toDisplayPath("/home/u/skills/a/SKILL.md", "/home/u")).toBe("~/skills/a/SKILL.md");
    expect(toDisplayPath("C:\\Users\\u\\a\\SKILL.md", "C:\\Users\\u")).toBe("~\\a\\SKILL.md");
  });

  it("keeps other paths, and every path when home is unset, empty or a root", () => {
    expect(toDisplayPath("/home/user2/a/SKILL.md", "/home/u")).toBe("/home/user2/a/SKILL.md");
    expect(toDisplayPath("/home/u/a/SKILL.md", undefined)).toBe("/home/u/a/SKILL.md");
    expect(toDisplayPath("/a/SKILL.md", "")).toBe("/a/SKILL.md");
    expect(toDisplayPath("", "")).toBe("");
    expect(toDisplayPath("/", "/")).toBe("/");
    expect(toDisplayPath("//a/SKILL.md", "/")).toBe("//a/SKILL.md");
    expect(toDisplayPath("\\", "\\")).toBe("\\");
    expect(toDisplayPath("\\\\a\\SKILL.md", "\\")).toBe("\\\\a\\SKILL.md");
  });
});
