import { describe, expect, it } from "vitest";
import { ASCII_FOLDS, findConfusableFold, foldCharacter } from "./build-shadow-text.js";

describe("ASCII_FOLDS", () => {
  it("folds every ASCII character exactly as foldCharacter does", () => {
    expect(ASCII_FOLDS).toHaveLength(128);
    for (let code = 0; code < 128; code++) {
      const character = String.fromCharCode(code);
      expect(ASCII_FOLDS[code], `U+${code.toString(16)}`).toBe(foldCharacter(character));
    }
  });
});

describe("findConfusableFold", () => {
  it("finds the first, inner and last keys of both tables, and multi-letter prototypes", () => {
    expect(findConfusableFold("\u{a2}")).toBe("c");
    expect(findConfusableFold("\u{132}")).toBe("lj");
    expect(findConfusableFold("\u{397}")).toBe("h");
    expect(findConfusableFold("\u{1d7ff}")).toBe("9");
    expect(findConfusableFold("\u{1f700}")).toBe("qe");
    expect(findConfusableFold("\u{1f75c}")).toBe("sss");
    expect(findConfusableFold("\u{1f76c}")).toBe("vb");
  });

  it("finds nothing for ASCII, characters without a prototype, or more than one code point", () => {
    expect(findConfusableFold("a")).toBeUndefined();
    expect(findConfusableFold("\u{a1}")).toBeUndefined();
    expect(findConfusableFold("\u{10ffff}")).toBeUndefined();
    expect(findConfusableFold("")).toBeUndefined();
    expect(findConfusableFold("\u{397}\u{397}")).toBeUndefined();
    expect(findConfusableFold("\u{2260}\u{338}")).toBeUndefined();
  });
});

describe("foldCharacter", () => {
  it("folds a dash or a dot that has no ASCII prototype to - or .", () => {
    const characters = ["―", "·", "•", "‧", "∙", "・"];
    expect(characters.map((character) => foldCharacter(character))).toEqual([
      "-",
      ".",
      ".",
      ".",
      ".",
      ".",
    ]);
  });
});
