import { hashTokenBytes } from "./hash-token-bytes.js";
import {
  O200K_RANK_TABLE_HEADER_WORDS,
  O200K_RANK_TABLE_MAGIC,
  O200K_RANK_TABLE_SLOT_BITS,
  O200K_RANK_TABLE_VERSION,
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
 * Builds the binary o200k rank table (build time, from gpt-tokenizer's rank list): a header, each
 * rank's byte range, an open-addressing hash table of ranks keyed by token bytes, and the token
 * bytes themselves. The counter reads it with one file read and no per-entry work
 * (`parseO200kRankTable`); the layout is described in `parse-o200k-rank-table.ts`.
 */
export function buildO200kRankTable(ranks: RawO200kRanks): Uint8Array {
  const rankCount = ranks.length;
  const tokens: (Uint8Array | undefined)[] = [];
  let blobLength = 0;
  for (let rank = 0; rank < rankCount; rank += 1) {
    const value = ranks[rank];
    const bytes = value === undefined ? undefined : toReachableBytes(value);
    tokens.push(bytes);
    blobLength += bytes?.length ?? 0;
  }
  const slotCount = 2 ** O200K_RANK_TABLE_SLOT_BITS;
  if (rankCount * 2 > slotCount) {
    throw new Error(`${rankCount} ranks do not fit a table of ${slotCount} slots.`);
  }
  const offsetsStart = O200K_RANK_TABLE_HEADER_WORDS * 4;
  const slotsStart = offsetsStart + (rankCount + 1) * 4;
  const blobStart = slotsStart + slotCount * 4;
  const buffer = new ArrayBuffer(blobStart + blobLength);
  const view = new DataView(buffer);
  const blob = new Uint8Array(buffer, blobStart, blobLength);
  [O200K_RANK_TABLE_MAGIC, O200K_RANK_TABLE_VERSION, rankCount, slotCount, blobLength].forEach(
    (word, index) => view.setUint32(index * 4, word, true),
  );
  for (let slot = 0; slot < slotCount; slot += 1) view.setInt32(slotsStart + slot * 4, -1, true);
  const mask = slotCount - 1;
  let offset = 0;
  for (let rank = 0; rank < rankCount; rank += 1) {
    view.setUint32(offsetsStart + rank * 4, offset, true);
    const bytes = tokens[rank];
    if (bytes === undefined) continue;
    blob.set(bytes, offset);
    let slot = hashTokenBytes(bytes, 0, bytes.length) & mask;
    while (view.getInt32(slotsStart + slot * 4, true) !== -1) slot = (slot + 1) & mask;
    view.setInt32(slotsStart + slot * 4, rank, true);
    offset += bytes.length;
  }
  view.setUint32(offsetsStart + rankCount * 4, offset, true);
  return new Uint8Array(buffer);
}
