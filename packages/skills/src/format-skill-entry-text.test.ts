import { describe, expect, it } from "vitest";
import {
  cleanEscapedLength,
  escapedLength,
  escapedPrefixLength,
  escapePositions,
  normalizeInline,
  normalizePath,
  surrogateSafeCut,
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
const PLAIN_ABOVE_7F = [
  "\u0080",
  "\u0085",
  "\u009f",
  "\u00e9",
  "\u1fff",
  "\u200b",
  "\u2027",
  "\u202e",
  "\ud7ff",
  "\ufffd",
];

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

  it("collapses runs of ASCII spaces and trims them at both ends, keeping single ones", () => {
    expect(normalizeInline("a  b")).toBe("a b");
    expect(normalizeInline(" a b")).toBe("a b");
    expect(normalizeInline("a b ")).toBe("a b");
    expect(normalizeInline("a b c")).toBe("a b c");
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
    expect(cleanEscapedLength("a b c")).toBe(5);
    expect(cleanEscapedLength(`a&b<c>"d'`)).toBe(9 + 4 + 3 + 3 + 5 + 5);
  });
});

describe("normalizePath", () => {
  it("puts line breaks on one line and replaces XML-invalid characters, keeping spaces", () => {
    expect(normalizePath("/a\u2028b\u2029c\nd/SKILL.md")).toBe("/a b c d/SKILL.md");
    expect(normalizePath("/a  b\u00a0c/\ud800/SKILL.md")).toBe("/a  b\u00a0c/\ufffd/SKILL.md");
    expect(normalizePath(" /x/\u0001 ")).toBe(" /x/\ufffd ");
  });

  it("puts a path with U+0085 (next line) on one line, whatever else the path holds", () => {
    expect(normalizePath("/a\u0085b/SKILL.md")).toBe("/a b/SKILL.md");
    expect(normalizePath("/a\u0085b/\n/SKILL.md")).toBe("/a b/ /SKILL.md");
    // No other character to flag the path for rewriting.
    expect(normalizePath("\u0085")).toBe(" ");
    expect(normalizeInline("a\u0085b")).toBe("a\u0085b");
    expect(cleanEscapedLength("a\u0085b")).toBe(3);
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
    expect(toDisplayPath("/a/skills/SKILL.md", "/h")).toBe("/a/skills/SKILL.md");
    expect(toDisplayPath("/home/u/a/SKILL.md", undefined)).toBe("/home/u/a/SKILL.md");
    expect(toDisplayPath("undefined/a/SKILL.md", undefined)).toBe("undefined/a/SKILL.md");
    expect(toDisplayPath("/a/SKILL.md", "")).toBe("/a/SKILL.md");
    expect(toDisplayPath("", "")).toBe("");
    expect(toDisplayPath("/", "/")).toBe("/");
    expect(toDisplayPath("//a/SKILL.md", "/")).toBe("//a/SKILL.md");
    expect(toDisplayPath("\\", "\\")).toBe("\\");
    expect(toDisplayPath("\\\\a\\SKILL.md", "\\")).toBe("\\\\a\\SKILL.md");
  });
});

describe("escaped lengths", () => {
  const value = "a&b<c>d\"e'f\u0080g\u00e9";

  it("counts each character once and each of & < > \" ' as its entity's length", () => {
    expect(escapedLength(value)).toBe(value.length + 4 + 3 + 3 + 5 + 5);
    expect(escapedLength("plain \u0080\u00e9\ud83d\ude00")).toBe(10);
    expect(escapedLength("")).toBe(0);
  });

  it("counts only the characters before end", () => {
    expect(escapedLength(value, 0)).toBe(0);
    expect(escapedLength(value, 1)).toBe(1);
    expect(escapedLength(value, 2)).toBe(6);
    expect(escapedLength(value, 3)).toBe(7);
    expect(escapedLength(value, 9)).toBe(9 + 4 + 3 + 3 + 5);
    expect(escapedLength("a&", 1)).toBe(1);
  });

  it("lists the positions of the characters that grow when escaped", () => {
    expect(escapePositions(value)).toEqual(Int32Array.from([1, 3, 5, 7, 9]));
    expect(escapePositions("&")).toEqual(Int32Array.from([0]));
    expect(escapePositions("plain \u0080")).toEqual(new Int32Array(0));
  });

  it("agrees with escapedLength for every cut, given the positions", () => {
    const positions = escapePositions(value);
    for (let cut = 0; cut <= value.length; cut += 1) {
      expect([cut, escapedPrefixLength(value, positions, cut)]).toEqual([
        cut,
        escapedLength(value, cut),
      ]);
    }
    expect(escapedPrefixLength("&a", Int32Array.from([0]), 2)).toBe(6);
    expect(escapedPrefixLength("a&b", Int32Array.from([1]), 1)).toBe(1);
  });
});

describe("surrogateSafeCut", () => {
  it("steps back from a cut that would keep only the high half of a pair", () => {
    expect(surrogateSafeCut("a\ud800\udc00b", 2)).toBe(1);
    expect(surrogateSafeCut("a\udbff\udfffb", 2)).toBe(1);
    expect(surrogateSafeCut("\ud83d\ude00", 1)).toBe(0);
  });

  it("keeps every other cut, and clamps a negative one to 0", () => {
    expect(surrogateSafeCut("a\ud800\udc00b", 3)).toBe(3);
    expect(surrogateSafeCut("a\ud7ff\ue000b", 2)).toBe(2);
    expect(surrogateSafeCut("a\udc00b", 2)).toBe(2);
    expect(surrogateSafeCut("ab", 0)).toBe(0);
    expect(surrogateSafeCut("ab", -1)).toBe(0);
    expect(surrogateSafeCut("ab", 2)).toBe(2);
  });
});
