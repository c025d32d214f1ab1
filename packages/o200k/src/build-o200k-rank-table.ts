import { hashTokenBytes } from "./hash-token-bytes.js";
import {
  O200K_RANK_TABLE_HEADER_WORDS,
  O200K_RANK_TABLE_MAGIC,
  O200K_RANK_TABLE_MAX_TOKEN_BYTES,
  O200K_RANK_TABLE_OFFSET_BITS,
  O200K_RANK_TABLE_SLOT_BITS,
  O200K_RANK_TABLE_VERSION,
  toO200kRankTableSlot,
} from "./parse-o200k-rank-table.js";

/** gpt-tokenizer's rank list: index = rank; a string (UTF-8 text) or the raw bytes of a token. */
export type RawO200kRanks = readonly (string | readonly number[] | undefined)[];

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The bytes gpt-tokenizer's BPE can ever find a rank for. A token kept as a string is looked up
 * by its UTF-8 bytes. A token kept as raw bytes is found only if those bytes are not valid UTF-8:
 * gpt-tokenizer turns valid UTF-8 into a string first (dropping a leading byte-order mark) and
 * looks that up among the string tokens. The nine o200k tokens that start with a byte-order mark
 * are such raw tokens; gpt-tokenizer never produces them, so the table leaves them out.
 */
function toReachableBytes(value: string | readonly number[]): Uint8Array | undefined {
  if (typeof value === "string") return new TextEncoder().encode(value);
  const bytes = Uint8Array.from(value);
  return isValidUtf8(bytes) ? undefined : bytes;
}

/**
 * Builds the binary o200k rank table (build time, from gpt-tokenizer's rank list): a header, an
 * open-addressing hash table of ranks keyed by token bytes, and the token bytes themselves. The counter reads it with one file read and no per-entry work
 * (`parseO200kRankTable`); the layout is described in `parse-o200k-rank-table.ts`.
 */
export function buildO200kRankTable(ranks: RawO200kRanks): Uint8Array {
  const rankCount = ranks.length;
  const tokens: (Uint8Array | undefined)[] = [];
  let blobLength = 0;
  for (let rank = 0; rank < rankCount; rank += 1) {
    const value = ranks[rank];
    const bytes = value === undefined ? undefined : toReachableBytes(value);
    if (
      bytes !== undefined &&
      (bytes.length === 0 || bytes.length > O200K_RANK_TABLE_MAX_TOKEN_BYTES)
    ) {
      throw new Error(`Rank ${rank} has ${bytes.length} bytes; the table holds 1 to 128.`);
    }
    tokens.push(bytes);
    blobLength += bytes?.length ?? 0;
  }
  const slotCount = 2 ** O200K_RANK_TABLE_SLOT_BITS;
  if (rankCount * 5 > slotCount * 4) {
    throw new Error(`${rankCount} ranks do not fit a table of ${slotCount} slots.`);
  }
  if (blobLength > 2 ** O200K_RANK_TABLE_OFFSET_BITS) {
    throw new Error(`${blobLength} bytes of tokens do not fit the table's offsets.`);
  }
  const slotsStart = O200K_RANK_TABLE_HEADER_WORDS * 4;
  const blobStart = slotsStart + slotCount * 8;
  const buffer = new ArrayBuffer(blobStart + blobLength);
  const view = new DataView(buffer);
  const blob = new Uint8Array(buffer, blobStart, blobLength);
  [O200K_RANK_TABLE_MAGIC, O200K_RANK_TABLE_VERSION, rankCount, slotCount, blobLength].forEach(
    (word, index) => view.setUint32(index * 4, word, true),
  );
  const mask = slotCount - 1;
  let offset = 0;
  for (let rank = 0; rank < rankCount; rank += 1) {
    const bytes = tokens[rank];
    if (bytes === undefined) continue;
    blob.set(bytes, offset);
    const hash = hashTokenBytes(bytes, 0, bytes.length);
    let slot = hash & mask;
    while (view.getUint32(slotsStart + slot * 8 + 4, true) !== 0) slot = (slot + 1) & mask;
    const [first, second] = toO200kRankTableSlot(hash, offset, bytes.length, rank);
    view.setUint32(slotsStart + slot * 8, first, true);
    view.setUint32(slotsStart + slot * 8 + 4, second, true);
    offset += bytes.length;
  }
  return new Uint8Array(buffer);
}
