import { hashTokenBytes } from "./hash-token-bytes.js";

/**
 * Layout of the binary o200k rank table (all words little-endian, 32 bits):
 *
 *   header  magic, version, rankCount, slotCount, blobLength
 *   slots   slotCount pairs of words, an open-addressing hash table keyed by token bytes
 *           (linear probing from hashTokenBytes(bytes) & (slotCount - 1)):
 *             word 0: blob offset (low 21 bits) | top 11 bits of the hash (a fingerprint)
 *             word 1: (rank + 1) << 7 | (byte length - 1); 0 for an empty slot
 *   blob    blobLength bytes: every token's bytes, in rank order
 *
 * A slot holds all a lookup needs in one place: a probe reads the blob only when the length and
 * the fingerprint match, and no per-rank array is read at all.
 */
export const O200K_RANK_TABLE_MAGIC = 0x6b303032; // "200k" read as a little-endian word
/** Bumped whenever the layout or the hash changes. */
export const O200K_RANK_TABLE_VERSION = 2;
export const O200K_RANK_TABLE_HEADER_WORDS = 5;
/** 2^18 slots for about 200k ranks (a load of 0.76, at most 0.8): 2 MB; probes stay local. */
export const O200K_RANK_TABLE_SLOT_BITS = 18;
/** Bits of a blob offset in a slot's first word; the rest carry the hash fingerprint. */
export const O200K_RANK_TABLE_OFFSET_BITS = 21;
/** The longest token the slot's 7 length bits can hold. */
export const O200K_RANK_TABLE_MAX_TOKEN_BYTES = 128;

const OFFSET_MASK = 2 ** O200K_RANK_TABLE_OFFSET_BITS - 1;

/** The rank table, read without copying: views over the file's bytes. */
export interface O200kRankTable {
  readonly rankCount: number;
  /** Two words per slot (see the layout above). */
  readonly slots: Uint32Array;
  readonly slotMask: number;
  readonly blob: Uint8Array;
}

/** The two words of the slot for `rank`'s `bytes` whose hash is `hash` (build time). */
export function toO200kRankTableSlot(
  hash: number,
  offset: number,
  length: number,
  rank: number,
): [number, number] {
  return [
    (offset | ((hash >>> O200K_RANK_TABLE_OFFSET_BITS) << O200K_RANK_TABLE_OFFSET_BITS)) >>> 0,
    (((rank + 1) << 7) | (length - 1)) >>> 0,
  ];
}

/** The rank whose bytes are exactly `bytes[start..end)`, or -1. */
export function findO200kRank(
  table: O200kRankTable,
  bytes: Uint8Array,
  start: number,
  end: number,
): number {
  const { slots, slotMask, blob } = table;
  const lengthBits = end - start - 1;
  const hash = hashTokenBytes(bytes, start, end);
  const fingerprint = hash >>> O200K_RANK_TABLE_OFFSET_BITS;
  let slot = hash & slotMask;
  for (;;) {
    const meta = slots[slot * 2 + 1] as number;
    if (meta === 0) return -1;
    if ((meta & 0x7f) === lengthBits) {
      const word = slots[slot * 2] as number;
      if (word >>> O200K_RANK_TABLE_OFFSET_BITS === fingerprint) {
        const from = (word & OFFSET_MASK) - start;
        let index = start;
        while (index < end && blob[from + index] === bytes[index]) index += 1;
        if (index === end) return (meta >>> 7) - 1;
      }
    }
    slot = (slot + 1) & slotMask;
  }
}

const isLittleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function swapWords(bytes: Uint8Array, wordCount: number): void {
  for (let index = 0; index < wordCount * 4; index += 4) {
    const b0 = bytes[index] as number;
    const b1 = bytes[index + 1] as number;
    bytes[index] = bytes[index + 3] as number;
    bytes[index + 1] = bytes[index + 2] as number;
    bytes[index + 2] = b1;
    bytes[index + 3] = b0;
  }
}

/**
 * Reads a rank table built by `buildO200kRankTable`; throws when the bytes are not one (a broken
 * build or install). Copies only when the bytes are not 4-byte aligned or the machine is
 * big-endian (`hostLittleEndian`, the machine's byte order; a parameter so that a test on a
 * little-endian machine reaches the big-endian path).
 */
export function parseO200kRankTable(
  input: Uint8Array,
  hostLittleEndian: boolean = isLittleEndian,
): O200kRankTable {
  const broken = (what: string): Error =>
    new Error(`The o200k rank table is broken (${what}); rebuild or reinstall @promptstack/o200k.`);
  if (input.byteLength < O200K_RANK_TABLE_HEADER_WORDS * 4) throw broken("too short");
  const header = new DataView(input.buffer, input.byteOffset, O200K_RANK_TABLE_HEADER_WORDS * 4);
  const word = (index: number): number => header.getUint32(index * 4, true);
  if (word(0) !== O200K_RANK_TABLE_MAGIC) throw broken("not a rank table");
  if (word(1) !== O200K_RANK_TABLE_VERSION) throw broken(`version ${word(1)}`);
  const rankCount = word(2);
  const slotCount = word(3);
  const blobLength = word(4);
  if (slotCount === 0 || (slotCount & (slotCount - 1)) !== 0) throw broken("slot count");
  const wordCount = O200K_RANK_TABLE_HEADER_WORDS + slotCount * 2;
  if (input.byteLength !== wordCount * 4 + blobLength) throw broken("size");
  let bytes = input;
  if (bytes.byteOffset % 4 !== 0 || !hostLittleEndian) {
    bytes = input.slice();
    if (!hostLittleEndian) swapWords(bytes, wordCount);
  }
  const slotsStart = bytes.byteOffset + O200K_RANK_TABLE_HEADER_WORDS * 4;
  return {
    rankCount,
    slots: new Uint32Array(bytes.buffer, slotsStart, slotCount * 2),
    slotMask: slotCount - 1,
    blob: new Uint8Array(bytes.buffer, slotsStart + slotCount * 8, blobLength),
  };
}
