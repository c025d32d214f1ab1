import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidUtf8 } from "./create-o200k-text-counter.js";

/** The reference: a fatal WHATWG decoder accepts exactly the well-formed UTF-8. */
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function reference(bytes: Uint8Array): boolean {
  try {
    decoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const check = (bytes: readonly number[]) => isValidUtf8(Uint8Array.from(bytes), 0, bytes.length);

describe("isValidUtf8", () => {
  it("accepts each length of character at its smallest and largest code point", () => {
    for (const text of [
      "\u0000",
      "\u007f",
      "\u0080",
      "\u07ff",
      "\u0800",
      "\uffff",
      "\u{10000}",
      "\u{10ffff}",
    ]) {
      expect(check([...new TextEncoder().encode(text)]), JSON.stringify(text)).toBe(true);
    }
  });

  it("refuses overlong forms, surrogates, code points past U+10FFFF, bad leads and cut characters", () => {
    const refused: (readonly number[])[] = [
      [0xc0, 0x80], // overlong two-byte (lead below 0xc2)
      [0xc1, 0xbf],
      [0xe0, 0x9f, 0xbf], // overlong three-byte
      [0xf0, 0x8f, 0xbf, 0xbf], // overlong four-byte
      [0xed, 0xa0, 0x80], // U+D800
      [0xed, 0xbf, 0xbf], // U+DFFF
      [0xf4, 0x90, 0x80, 0x80], // U+110000
      [0xf5, 0x80, 0x80, 0x80], // lead past 0xf4
      [0xf8, 0x80, 0x80, 0x80, 0x80],
      [0xf8, 0x90, 0x80, 0x80], // past 0xf4, though its low bits and tail would spell U+10000
      [0xfc, 0x90, 0x80, 0x80],
      [0x80], // a continuation byte first
      [0xc2], // cut
      [0xe2, 0x82], // cut
      [0xf0, 0x9f, 0x98], // cut
      [0xc2, 0x41], // a continuation byte missing
      [0xf0, 0x9f, 0x41, 0x80],
    ];
    for (const bytes of refused) expect(check(bytes), bytes.join(" ")).toBe(false);
  });

  it("looks only at bytes[start..end)", () => {
    const bytes = Uint8Array.from([0xff, 0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80, 0xff]);
    expect(isValidUtf8(bytes, 1, 7)).toBe(true);
    expect(isValidUtf8(bytes, 1, 6)).toBe(false);
    expect(isValidUtf8(bytes, 0, 3)).toBe(false);
    expect(isValidUtf8(bytes, 3, 3)).toBe(true);
  });

  it("agrees with a fatal UTF-8 decoder on arbitrary bytes and on encoded text", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        expect(isValidUtf8(bytes, 0, bytes.length)).toBe(reference(bytes));
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 20 }), fc.nat(3), (text, cut) => {
        const bytes = new TextEncoder().encode(text);
        const end = Math.max(0, bytes.length - cut);
        expect(isValidUtf8(bytes, 0, end)).toBe(reference(bytes.subarray(0, end)));
      }),
      { numRuns: 1_000 },
    );
  });
});
