import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodePiece } from "./create-o200k-text-counter.js";
import type { PieceScratch } from "./create-o200k-text-counter.js";

const encoder = new TextEncoder();
/** With the `u` flag a surrogate pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;

const scratchOf = (bytes: number): PieceScratch => ({
  bytes: new Uint8Array(bytes),
  starts: new Int32Array(bytes + 1),
  ranks: new Int32Array(bytes + 1),
  wellFormed: true,
});

/** The bytes `encodePiece` writes for `text`, and whether it found the text well-formed. */
function encode(text: string, scratch = scratchOf(1024)): [number[], boolean] {
  const length = encodePiece(scratch, text);
  return [[...scratch.bytes.subarray(0, length)], scratch.wellFormed];
}

describe("encodePiece", () => {
  it("writes the characters at each UTF-8 length and surrogate boundary like TextEncoder", () => {
    for (const text of [
      "\u0000",
      "\u007f",
      "\u0080",
      "\u07ff",
      "\u0800",
      "\ud7ff",
      "\ue000",
      "\uffff",
      "\ud800\udc00",
      "\ud800\udfff",
      "\udbff\udc00",
      "\udbff\udfff",
    ]) {
      expect(encode(text), JSON.stringify(text)).toEqual([[...encoder.encode(text)], true]);
    }
  });

  it("writes a lone surrogate as U+FFFD and marks the piece as not well-formed", () => {
    for (const text of [
      "\ud800",
      "\udbff",
      "\udc00",
      "\udfff",
      "\udc00\ud800",
      "\udc00\udfff",
      "a\ud800b",
      "\ud800\ue000",
    ]) {
      expect(encode(text), JSON.stringify(text)).toEqual([[...encoder.encode(text)], false]);
    }
    // A well-formed piece after a broken one is well-formed again.
    const scratch = scratchOf(16);
    encode("\ud800", scratch);
    expect(encode("ok", scratch)).toEqual([[0x6f, 0x6b], true]);
  });

  it("writes every string like TextEncoder", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (text) => {
        expect(encode(text)).toEqual([[...encoder.encode(text)], !LONE_SURROGATE.test(text)]);
      }),
    );
  });

  it("keeps buffers of three bytes a code unit, and grows them to that, plus one start and rank", () => {
    const scratch = scratchOf(6);
    const { bytes, starts, ranks } = scratch;
    expect(encode("中文", scratch)).toEqual([[...encoder.encode("中文")], true]);
    expect(scratch.bytes).toBe(bytes);
    expect(scratch.starts).toBe(starts);
    expect(scratch.ranks).toBe(ranks);
    expect(encode("中文字", scratch)).toEqual([[...encoder.encode("中文字")], true]);
    expect([scratch.bytes.length, scratch.starts.length, scratch.ranks.length]).toEqual([
      9, 10, 10,
    ]);
  });
});
