import o200kRanks from "gpt-tokenizer/bpeRanks/o200k_base";
import { thrownBy } from "@promptstack-tools/test-utils";
import { beforeAll, describe, expect, it } from "vitest";
import { buildO200kRankTable } from "./build-o200k-rank-table.js";
import {
  O200K_RANK_TABLE_MAGIC,
  O200K_RANK_TABLE_VERSION,
  findO200kRank,
  parseO200kRankTable,
  toO200kRankTableSlot,
} from "./parse-o200k-rank-table.js";
import { hashTokenBytes } from "./hash-token-bytes.js";
import type { O200kRankTable } from "./parse-o200k-rank-table.js";

let bytes: Uint8Array;
let table: O200kRankTable;

beforeAll(() => {
  bytes = buildO200kRankTable(o200kRanks);
  table = parseO200kRankTable(bytes);
});

function findRankIn(tableBytes: Uint8Array, token: string): number {
  const bytesOf = new TextEncoder().encode(token);
  return findO200kRank(parseO200kRankTable(tableBytes), bytesOf, 0, bytesOf.length);
}

function findRank(token: Uint8Array): number {
  return findO200kRank(table, token, 0, token.length);
}

describe("buildO200kRankTable / parseO200kRankTable", () => {
  it("keeps string tokens and raw tokens that are not UTF-8, and skips valid raw tokens and holes", () => {
    const small = parseO200kRankTable(
      buildO200kRankTable(["a", [0xef, 0xbb, 0xbf, 0x61], undefined, [0xff, 0x61], "bc"]),
    );
    const rankOf = (token: readonly number[]) =>
      findO200kRank(small, Uint8Array.from(token), 0, token.length);
    expect(rankOf([0x61])).toBe(0);
    expect(rankOf([0xef, 0xbb, 0xbf, 0x61])).toBe(-1);
    expect(rankOf([0xff, 0x61])).toBe(3);
    expect(rankOf([0x62, 0x63])).toBe(4);
  });

  it("finds every rank gpt-tokenizer can produce by its bytes, and leaves out the nine it cannot", () => {
    const encoder = new TextEncoder();
    let missing = 0;
    o200kRanks.forEach((value, rank) => {
      const token = typeof value === "string" ? encoder.encode(value) : Uint8Array.from(value);
      const found = findRank(token);
      if (typeof value === "string") expect(found).toBe(rank);
      else if (found === -1) missing += 1;
      else expect(found).toBe(rank);
    });
    expect(table.rankCount).toBe(o200kRanks.length);
    // The raw tokens that are valid UTF-8: all start with a byte-order mark.
    expect(missing).toBe(9);
  });

  it("reads an unaligned copy the same way", () => {
    const shifted = new Uint8Array(bytes.length + 1).subarray(1);
    shifted.set(bytes);
    const copy = parseO200kRankTable(shifted);
    expect(copy.slots.byteOffset % 4).toBe(0);
    expect(copy.slots.every((word, index) => word === table.slots[index])).toBe(true);
    expect(findO200kRank(copy, new TextEncoder().encode(" the"), 0, 4)).toBe(
      findRank(new TextEncoder().encode(" the")),
    );
  });

  it("rejects bytes that are not a whole rank table with an Error that says what is broken", () => {
    const wrongMagic = bytes.slice(0, 64);
    wrongMagic[0] = 0;
    const wrongVersion = bytes.slice(0, 64);
    wrongVersion[4] = 99;
    const inputs = [
      new Uint8Array(3),
      bytes.subarray(0, bytes.length - 1),
      wrongMagic,
      wrongVersion,
    ];
    expect(inputs.map((input) => thrownBy(() => parseO200kRankTable(input)))).toEqual(
      ["too short", "size", "not a rank table", "version 99"].map(
        (what) =>
          new Error(
            `The o200k rank table is broken (${what}); rebuild or reinstall @promptstack/o200k.`,
          ),
      ),
    );
  });

  it("reads aligned bytes on a little-endian machine in place, without a copy", () => {
    expect(table.slots.buffer).toBe(bytes.buffer);
    expect(table.blob.buffer).toBe(bytes.buffer);
    expect(parseO200kRankTable(bytes, true).slots.buffer).toBe(bytes.buffer);
    const atFour = new Uint8Array(bytes.length + 4).subarray(4);
    atFour.set(bytes);
    const inPlace = parseO200kRankTable(atFour, true);
    expect(inPlace.slots.buffer).toBe(atFour.buffer);
    expect(inPlace.slots.byteOffset).toBe(4 + 20);
  });

  it("on a big-endian machine, reads a copy with every header and slot word byte-swapped, the token bytes as they are", () => {
    const before = bytes.slice(0, 64);
    const swapped = parseO200kRankTable(bytes, false);
    expect(swapped.slots.buffer).not.toBe(bytes.buffer);
    expect(bytes.subarray(0, 64)).toEqual(before);
    expect(swapped.rankCount).toBe(table.rankCount);
    expect(swapped.slotMask).toBe(table.slotMask);
    // A big-endian machine reads each swapped word as the little-endian word of the file.
    const header = new DataView(swapped.slots.buffer, swapped.slots.byteOffset - 20, 20);
    expect([0, 1, 2, 3, 4].map((index) => header.getUint32(index * 4, false))).toEqual([
      O200K_RANK_TABLE_MAGIC,
      O200K_RANK_TABLE_VERSION,
      table.rankCount,
      table.slotMask + 1,
      table.blob.length,
    ]);
    const slotBytes = new DataView(swapped.slots.buffer, swapped.slots.byteOffset);
    let differing = 0;
    for (let index = 0; index < table.slots.length; index += 1) {
      if (slotBytes.getUint32(index * 4, false) !== table.slots[index]) differing += 1;
    }
    expect(swapped.slots.length).toBe(table.slots.length);
    expect(differing).toBe(0);
    expect(Buffer.from(swapped.blob).equals(Buffer.from(table.blob))).toBe(true);
  });

  it("refuses a slot count that is zero or not a power of two", () => {
    /** A header with `slotCount` slots, no ranks and no token bytes, and room for the slots. */
    const withSlots = (slotCount: number) => {
      const input = new Uint8Array(20 + slotCount * 8);
      const view = new DataView(input.buffer);
      [O200K_RANK_TABLE_MAGIC, O200K_RANK_TABLE_VERSION, 0, slotCount, 0].forEach((word, index) =>
        view.setUint32(index * 4, word, true),
      );
      return input;
    };
    const message =
      "The o200k rank table is broken (slot count); rebuild or reinstall @promptstack/o200k.";
    expect(() => parseO200kRankTable(withSlots(0))).toThrow(message);
    expect(() => parseO200kRankTable(withSlots(3))).toThrow(message);
    expect(() => parseO200kRankTable(withSlots(6))).toThrow(message);
    for (const slotCount of [1, 2, 4]) {
      const parsed = parseO200kRankTable(withSlots(slotCount));
      expect(parsed.slotMask).toBe(slotCount - 1);
      expect(parsed.slots.length).toBe(slotCount * 2);
    }
  });

  it("finds nothing for bytes that are no token, however long", () => {
    expect(findRank(Uint8Array.from([0xff, 0xfe, 0xfd]))).toBe(-1);
    expect(findRank(new Uint8Array(300).fill(0x61))).toBe(-1);
  });

  it("finds no rank in a slot of another length, even with the query's fingerprint and bytes", () => {
    // Two slots; the query's home slot holds "abc" under the hash of "ab" (a fingerprint
    // collision), the other is empty.
    const query = Uint8Array.from([0x61, 0x62]);
    const hash = hashTokenBytes(query, 0, 2);
    const slots = new Uint32Array(4);
    slots.set(toO200kRankTableSlot(hash, 0, 3, 7), (hash & 1) * 2);
    const collision = {
      rankCount: 8,
      slots,
      slotMask: 1,
      blob: Uint8Array.from([0x61, 0x62, 0x63]),
    };
    expect(findO200kRank(collision, query, 0, 2)).toBe(-1);
  });

  it("refuses what its slots cannot hold", () => {
    expect(() => buildO200kRankTable(Array.from({ length: 2 ** 18 }, () => "x"))).toThrow(
      /do not fit/,
    );
    expect(() => buildO200kRankTable(["a".repeat(129)])).toThrow(
      "Rank 0 has 129 bytes; the table holds 1 to 128.",
    );
    expect(() => buildO200kRankTable(["a", ""])).toThrow(
      "Rank 1 has 0 bytes; the table holds 1 to 128.",
    );
    expect(findRankIn(buildO200kRankTable(["a".repeat(128)]), "a".repeat(128))).toBe(0);
  });

  it("fills its slots and its token offsets exactly to their limits, and refuses one more", () => {
    // Slots: at most four fifths of 2^18 ranks (209,715); token bytes: at most 2^21.
    const distinct = (count: number, length: number) =>
      Array.from({ length: count }, (_, index) => String(index).padStart(length, "a"));
    expect(() => buildO200kRankTable(distinct(209_715, 6))).not.toThrow();
    expect(() => buildO200kRankTable(distinct(209_716, 6))).toThrow(
      "209716 ranks do not fit a table of 262144 slots.",
    );
    expect(() => buildO200kRankTable(distinct(16_384, 128))).not.toThrow();
    expect(() => buildO200kRankTable(distinct(16_385, 128))).toThrow(
      "2097280 bytes of tokens do not fit the table's offsets.",
    );
  });
});
