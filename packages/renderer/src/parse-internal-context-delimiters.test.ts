import { thrownBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { ASCII_FOLDS, findConfusableFold, foldCharacter } from "./build-shadow-text.js";
import { buildDelimiterPatterns } from "./parse-internal-context-delimiters.js";

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
  it("reads Cyrillic, Greek and small-capital look-alikes as the Latin letter they resemble", () => {
    // Each pair: the look-alike, then the letter. Some have a UTS #39 prototype, some do not;
    // the fold must not depend on which table knows them.
    const pairs = [
      "аa вb еe ёe кk мm нh оo рp сc тt уy хx іi їi јj ѕs ԁd пn ɡg",
      "αa βb γy εe ηn ιi κk νv οo ρp τt υu χx ωw ϲc ϳj ıi ȷj ɩi ɑa",
      "ᴀa ʙb ᴄc ᴅd ᴇe ɢg ʜh ɪi ᴊj ᴋk ʟi ᴍm ɴn ᴏo ᴘp ʀr ꜱs ᴛt ᴜu ᴠv ᴡw ʏy ᴢz",
    ]
      .join(" ")
      .split(" ");
    // Every look-alike here is one UTF-16 unit.
    expect(pairs.map((pair) => `${pair[0]}${foldCharacter(pair[0]!)}`)).toEqual(pairs);
  });

  it("reads digits and symbols that look like letters as those letters", () => {
    const characters = "lL01345789$@!|".split("");
    expect(characters.map((character) => foldCharacter(character)).join("")).toBe("iioieastbgsaii");
  });

  it("folds underscore look-alikes to _ and a double low line to a blank", () => {
    expect(["_", "ˍ", "⎽", "‗"].map((character) => foldCharacter(character))).toEqual([
      "_",
      "_",
      "_",
      " ",
    ]);
  });

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

describe("buildDelimiterPatterns", () => {
  it("refuses a profile that is not an object, naming itself and the profile's path", () => {
    expect(thrownBy(() => buildDelimiterPatterns(null as never, "options.profile"))).toMatchObject({
      code: "RENDERER_INVALID_INPUT",
      message: "The internal-context delimiters: expected an object at options.profile, got null.",
      path: "options.profile",
    });
  });
});
