import { createO200kSplitter } from "./create-o200k-splitter.js";
import { findO200kRank } from "./parse-o200k-rank-table.js";
import type { O200kRankTable } from "./parse-o200k-rank-table.js";

/** Larger than every rank: "no merge here". */
const NO_RANK = 0x7fffffff;
/** Pieces whose merged count is remembered; the memo is emptied when it holds this many. */
const MEMO_LIMIT = 20_000;

/**
 * True when `bytes[start..end)` is valid UTF-8 (the rule of gpt-tokenizer's `isValidUTF8`).
 * Exported for its own tests only (not from the package index): the counter calls it for a
 * merge that starts with a byte-order mark, and none of the counter's samples reaches its two-
 * and four-byte branches that way.
 */
export function isValidUtf8(bytes: Uint8Array, start: number, end: number): boolean {
  let index = start;
  while (index < end) {
    const lead = bytes[index] as number;
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    let length: number;
    let min: number;
    let codePoint: number;
    if (lead >= 0xc2 && lead <= 0xdf) [length, min, codePoint] = [2, 0x80, lead & 0x1f];
    else if ((lead & 0xf0) === 0xe0) [length, min, codePoint] = [3, 0x800, lead & 0x0f];
    else if (lead >= 0xf0 && lead <= 0xf4) [length, min, codePoint] = [4, 0x10000, lead & 0x07];
    else return false;
    if (index + length > end) return false;
    for (let next = index + 1; next < index + length; next += 1) {
      const byte = bytes[next] as number;
      if ((byte & 0xc0) !== 0x80) return false;
      codePoint = (codePoint << 6) | (byte & 0x3f);
    }
    if (codePoint < min || (codePoint >= 0xd800 && codePoint <= 0xdfff) || codePoint > 0x10ffff) {
      return false;
    }
    index += length;
  }
  return true;
}

/**
 * Creates a counter of o200k_base tokens over a rank table (`parseO200kRankTable`): the o200k
 * pre-tokenizer (the pieces of gpt-tokenizer's own regular expression, `createO200kSplitter`),
 * then byte-pair merges, always the lowest-ranked adjacent pair first (the leftmost on a tie).
 * Its count is the count of gpt-tokenizer's `countTokens(text, { disallowedSpecial: new Set() })`:
 * special-token text counts as plain text, and the two places where gpt-tokenizer departs from a
 * byte-level lookup are copied (see `rankOf`). The counter keeps a memo of merged pieces; one
 * counter per caller.
 */
export function createO200kTextCounter(table: O200kRankTable): (text: string) => number {
  const split = createO200kSplitter();
  const memo = new Map<string, number>();
  const scratch: PieceScratch = {
    bytes: new Uint8Array(1024),
    starts: new Int32Array(1025),
    ranks: new Int32Array(1025),
    wellFormed: true,
  };

  const countPiece = (piece: string): number => {
    const known = memo.get(piece);
    if (known !== undefined) return known;
    const length = encodePiece(scratch, piece);
    // gpt-tokenizer first looks the whole piece up as a string: only well-formed text can match.
    const count =
      scratch.wellFormed && lookup(table, scratch.bytes, 0, length) !== NO_RANK
        ? 1
        : merge(table, scratch, length);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(piece, count);
    return count;
  };

  return (text: string): number => {
    // One `match` call returns every piece; an `exec` loop pays a call and a match object each.
    const pieces = split(text);
    if (pieces === null) return 0;
    let total = 0;
    for (const piece of pieces) total += countPiece(piece);
    return total;
  };
}

/** One counter's buffers for the piece being counted, grown to fit the longest piece so far. */
export interface PieceScratch {
  /** The piece's UTF-8 bytes. */
  bytes: Uint8Array;
  /** Where each part starts in `bytes` while merging. */
  starts: Int32Array;
  /** The rank of each part joined with the next while merging. */
  ranks: Int32Array;
  /** Set by `encodePiece`: whether the piece had no lone surrogate. */
  wellFormed: boolean;
}

/** The rank whose bytes are exactly `bytes[start..end)`, or `NO_RANK`. */
function lookup(table: O200kRankTable, bytes: Uint8Array, start: number, end: number): number {
  const rank = findO200kRank(table, bytes, start, end);
  return rank === -1 ? NO_RANK : rank;
}

/**
 * The rank gpt-tokenizer finds for a pair of parts: it decodes valid UTF-8 to a string first,
 * and its decoder drops a leading byte-order mark, so a valid span that starts with one has the
 * rank of the rest (none when nothing is left).
 */
function rankOf(table: O200kRankTable, bytes: Uint8Array, start: number, end: number): number {
  if (
    bytes[start] === 0xef &&
    bytes[start + 1] === 0xbb &&
    bytes[start + 2] === 0xbf &&
    isValidUtf8(bytes, start, end)
  ) {
    return end - start === 3 ? NO_RANK : lookup(table, bytes, start + 3, end);
  }
  return lookup(table, bytes, start, end);
}

/**
 * Writes `piece` as UTF-8 (a lone surrogate as U+FFFD, like TextEncoder) into `scratch.bytes`,
 * growing the buffers first when they are too small; returns the byte length. Exported for its
 * own tests only (not from the package index): a character's bytes that o200k merges into as
 * many tokens as the right ones (U+0080 as one byte) change no count.
 */
export function encodePiece(scratch: PieceScratch, piece: string): number {
  if (scratch.bytes.length < piece.length * 3) {
    scratch.bytes = new Uint8Array(piece.length * 3);
    scratch.starts = new Int32Array(piece.length * 3 + 1);
    scratch.ranks = new Int32Array(piece.length * 3 + 1);
  }
  const bytes = scratch.bytes;
  let length = 0;
  scratch.wellFormed = true;
  for (let index = 0; index < piece.length; index += 1) {
    let code = piece.charCodeAt(index);
    if (code < 0x80) {
      bytes[length++] = code;
    } else if (code < 0x800) {
      bytes[length++] = 0xc0 | (code >> 6);
      bytes[length++] = 0x80 | (code & 0x3f);
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const low = piece.charCodeAt(index + 1);
      if (code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        index += 1;
        bytes[length++] = 0xf0 | (code >> 18);
        bytes[length++] = 0x80 | ((code >> 12) & 0x3f);
        bytes[length++] = 0x80 | ((code >> 6) & 0x3f);
        bytes[length++] = 0x80 | (code & 0x3f);
      } else {
        scratch.wellFormed = false;
        bytes[length++] = 0xef;
        bytes[length++] = 0xbf;
        bytes[length++] = 0xbd;
      }
    } else {
      bytes[length++] = 0xe0 | (code >> 12);
      bytes[length++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[length++] = 0x80 | (code & 0x3f);
    }
  }
  return length;
}

/** Byte-pair merges over `scratch.bytes[0..length)`; returns the number of tokens. */
function merge(table: O200kRankTable, scratch: PieceScratch, length: number): number {
  const { bytes, starts, ranks } = scratch;
  // Parts are bytes[starts[i] .. starts[i + 1]); ranks[i] is the rank of parts i and i + 1 joined.
  let count = length + 1;
  for (let index = 0; index < count; index += 1) {
    starts[index] = index;
    ranks[index] = index + 2 < count ? rankOf(table, bytes, index, index + 2) : NO_RANK;
  }
  for (;;) {
    let lowest = NO_RANK;
    let at = -1;
    for (let index = 0; index < count - 1; index += 1) {
      const rank = ranks[index] as number;
      if (rank < lowest) {
        lowest = rank;
        at = index;
      }
    }
    if (at === -1) return count - 1;
    starts.copyWithin(at + 1, at + 2, count);
    ranks.copyWithin(at, at + 1, count);
    count -= 1;
    ranks[at] =
      at + 2 < count
        ? rankOf(table, bytes, starts[at] as number, starts[at + 2] as number)
        : NO_RANK;
    if (at > 0) {
      ranks[at - 1] = rankOf(table, bytes, starts[at - 1] as number, starts[at + 1] as number);
    }
  }
}
