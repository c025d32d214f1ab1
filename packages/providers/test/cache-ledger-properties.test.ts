/**
 * Properties of the cache ledger over generated conversations of every provider:
 * - a sequence that only appends (each body extends the previous one in serialization order),
 *   with usage from the cache simulation, is never a miss;
 * - one change injected into any tool, system section or message block at request k is a miss
 *   at k, named by exactly that part, and no other request is a miss.
 * `cache-ledger-planted-bug.test.ts` runs the same properties against a broken attribution and
 * expects them to fail.
 */
import { describe, it } from "vitest";
import { assertAppendOnlyNeverMisses, assertChangeIsNamedOnce } from "./ledger-conversations.js";

describe("cache ledger properties", () => {
  it("append-only conversations with simulated usage never miss", () => {
    assertAppendOnlyNeverMisses(150);
  });

  it("a change injected at request k is attributed to that part at k and nowhere else", () => {
    assertChangeIsNamedOnce(300);
  });
});
