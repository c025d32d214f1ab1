import { describe, expect, it } from "vitest";
import { orderFastestFirst } from "./fastest-first-sequencer.js";

describe("orderFastestFirst", () => {
  it("puts the quickest first and the never-timed last, keeping the given order on ties", () => {
    const times = new Map([
      ["demo", 3_800],
      ["unit-a", 12],
      ["unit-b", 12],
      ["property", 400],
    ]);
    expect(
      orderFastestFirst(["new-1", "demo", "unit-b", "property", "new-2", "unit-a"], (name) =>
        times.get(name),
      ),
    ).toEqual(["unit-b", "unit-a", "property", "demo", "new-1", "new-2"]);
  });
});
