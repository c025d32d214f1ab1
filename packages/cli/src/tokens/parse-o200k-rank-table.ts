/**
 * Layout of the binary o200k rank table (all words little-endian, 32 bits):
 *
 *   header   magic, version, rankCount, slotCount, blobLength
 *   offsets  rankCount + 1 words: rank r's bytes are blob[offsets[r] .. offsets[r + 1])
 *   slots    slotCount words: a rank, or -1 for an empty slot; linear probing from
 *            hashTokenBytes(bytes) & (slotCount - 1)
 *   blob     blobLength bytes: every token's bytes, in rank order
 */
export const O200K_RANK_TABLE_MAGIC = 0x6b303032; // "200k" read as a little-endian word
/** Bumped whenever the layout or the hash changes. */
export const O200K_RANK_TABLE_VERSION = 1;
export const O200K_RANK_TABLE_HEADER_WORDS = 5;
/** 2^19 slots for about 200k ranks: a load under 0.4, so a probe rarely goes past one slot. */
export const O200K_RANK_TABLE_SLOT_BITS = 19;

/** The rank table, read without copying: views over the file's bytes. */
export interface O200kRankTable {
  readonly rankCount: number;
  /** rank r's bytes are `blob[offsets[r] .. offsets[r + 1])`. */
  readonly offsets: Uint32Array;
  /** A rank or -1; the index is `hashTokenBytes(bytes) & slotMask`, then linear probing. */
  readonly slots: Int32Array;
  readonly slotMask: number;
  readonly blob: Uint8Array;
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
 * big-endian.
 */
export function parseO200kRankTable(input: Uint8Array): O200kRankTable {
  const broken = (what: string): Error =>
    new Error(`The o200k rank table is broken (${what}); rebuild or reinstall @promptstack/cli.`);
  if (input.byteLength < O200K_RANK_TABLE_HEADER_WORDS * 4) throw broken("too short");
  const header = new DataView(input.buffer, input.byteOffset, O200K_RANK_TABLE_HEADER_WORDS * 4);
  const word = (index: number): number => header.getUint32(index * 4, true);
  if (word(0) !== O200K_RANK_TABLE_MAGIC) throw broken("not a rank table");
  if (word(1) !== O200K_RANK_TABLE_VERSION) throw broken(`version ${word(1)}`);
  const rankCount = word(2);
  const slotCount = word(3);
  const blobLength = word(4);
  if (slotCount === 0 || (slotCount & (slotCount - 1)) !== 0) throw broken("slot count");
  const wordCount = O200K_RANK_TABLE_HEADER_WORDS + rankCount + 1 + slotCount;
  if (input.byteLength !== wordCount * 4 + blobLength) throw broken("size");
  let bytes = input;
  if (bytes.byteOffset % 4 !== 0 || !isLittleEndian) {
    bytes = input.slice();
    if (!isLittleEndian) swapWords(bytes, wordCount);
  }
  const offsetsStart = bytes.byteOffset + O200K_RANK_TABLE_HEADER_WORDS * 4;
  const slotsStart = offsetsStart + (rankCount + 1) * 4;
  const offsets = new Uint32Array(bytes.buffer, offsetsStart, rankCount + 1);
  if (offsets[rankCount] !== blobLength) throw broken("offsets");
  return {
    rankCount,
    offsets,
    slots: new Int32Array(bytes.buffer, slotsStart, slotCount),
    slotMask: slotCount - 1,
    blob: new Uint8Array(bytes.buffer, slotsStart + slotCount * 4, blobLength),
  };
}
