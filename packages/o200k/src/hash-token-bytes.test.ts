import { describe, expect, it } from "vitest";
import { hashTokenBytes } from "./hash-token-bytes.js";

/** FNV-1a (32 bits) and the shift-xor finish, written out with BigInt as the reference. */
function reference(bytes: readonly number[]): number {
  let hash = 0x811c9dc5n;
  for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * 0x01000193n) & 0xffffffffn;
  return Number(hash ^ (hash >> 15n));
}

describe("hashTokenBytes", () => {
  it("is FNV-1a over the span, finished with a shift-xor (the rank table file depends on it)", () => {
    const text = new TextEncoder().encode("xx the token 日本 🎉 yy");
    // Spans inside a larger buffer: the bytes around them are not hashed.
    for (const [start, end] of [
      [0, 0],
      [2, 3],
      [2, 7],
      [3, text.length - 2],
      [0, text.length],
    ] as const) {
      expect(hashTokenBytes(text, start, end), `${start}..${end}`).toBe(
        reference([...text.subarray(start, end)]),
      );
    }
    expect(hashTokenBytes(new Uint8Array(0), 0, 0)).toBe((0x811c9dc5 ^ (0x811c9dc5 >>> 15)) >>> 0);
    expect(hashTokenBytes(Uint8Array.from([0xff, 0x00, 0x80]), 0, 3)).toBe(
      reference([0xff, 0x00, 0x80]),
    );
  });
});
