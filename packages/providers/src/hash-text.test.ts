import { describe, expect, it } from "vitest";
import { hashText } from "./hash-text.js";

describe("hashText", () => {
  // Pinned values: a cache key built from the hash must not change between versions.
  it.each([
    ["", "811c9dc55ad1e806"],
    ["a", "e40c292c41c902f3"],
    ["hello", "4f9f2cab3cf17710"],
    ["\u00e9\u{1F600}", "44cc4da1d4f74776"],
    // Each half is padded to 8 hex digits.
    ["k120", "0493fd3b355dd4b2"],
    ["k16", "9fd204d501190fae"],
  ])("hashes %j to %s", (text, hash) => {
    expect(hashText(text)).toBe(hash);
  });

  it("is 16 lower-case hex digits and tells texts apart that differ in one character", () => {
    expect(hashText("tools\u0001read")).toMatch(/^[0-9a-f]{16}$/);
    expect(hashText("ab")).not.toBe(hashText("ba"));
    expect(hashText("a")).not.toBe(hashText("a\u0000"));
  });
});
