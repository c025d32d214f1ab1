import { describe, expect, it } from "vitest";
import { ASCII_FOLDS, foldCharacter } from "./parse-internal-context-delimiters.js";

describe("ASCII_FOLDS", () => {
  it("folds every ASCII character exactly as foldCharacter does", () => {
    expect(ASCII_FOLDS).toHaveLength(128);
    for (let code = 0; code < 128; code++) {
      const character = String.fromCharCode(code);
      expect(ASCII_FOLDS[code], `U+${code.toString(16)}`).toBe(foldCharacter(character));
    }
  });
});
