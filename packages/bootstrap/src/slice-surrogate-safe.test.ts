import { describe, expect, it } from "vitest";
import { sliceHeadSurrogateSafe, sliceTailSurrogateSafe } from "./slice-surrogate-safe.js";

// The lowest and highest pairs: U+10000 is D800 DC00, U+10FFFF is DBFF DFFF.
const LOWEST = "\uD800\uDC00";
const HIGHEST = "\uDBFF\uDFFF";

describe("sliceHeadSurrogateSafe", () => {
  it("steps back before a pair the cut would split, at both ends of the surrogate range", () => {
    expect(sliceHeadSurrogateSafe(`a${LOWEST}b`, 2)).toBe("a");
    expect(sliceHeadSurrogateSafe(`a${HIGHEST}b`, 2)).toBe("a");
    expect(sliceHeadSurrogateSafe(`a${LOWEST}b`, 3)).toBe(`a${LOWEST}`);
  });

  it("keeps a lone high surrogate that ends the text when the whole text is asked for", () => {
    expect(sliceHeadSurrogateSafe("a\uD800", 2)).toBe("a\uD800");
    expect(sliceHeadSurrogateSafe("a\uD800", 5)).toBe("a\uD800");
  });
});

describe("sliceTailSurrogateSafe", () => {
  it("steps past the second half of a pair the cut would split, at both ends of the range", () => {
    expect(sliceTailSurrogateSafe(`a${LOWEST}b`, 2)).toBe("b");
    expect(sliceTailSurrogateSafe(`a${HIGHEST}b`, 2)).toBe("b");
    expect(sliceTailSurrogateSafe(`a${LOWEST}b`, 1)).toBe(`${LOWEST}b`);
  });

  it("never steps past a character above the surrogate range", () => {
    expect(sliceTailSurrogateSafe("a\uE000b", 1)).toBe("\uE000b");
  });

  it("keeps a lone low surrogate that starts the text when the whole text is asked for", () => {
    expect(sliceTailSurrogateSafe("\uDC00b", 0)).toBe("\uDC00b");
  });
});
