import { describe, expect, it } from "vitest";
import { compareFootprint, formatBytes } from "./compare-footprint.js";

describe("compareFootprint", () => {
  const baseline = { renderer: 100_000, everything: 10_000_000 };

  it("passes at, below and up to 20% over the baseline", () => {
    const result = compareFootprint({ renderer: 120_000, everything: 4_000_000 }, baseline);
    expect(result.problems).toEqual([]);
    expect(result.lines).toEqual([
      expect.stringMatching(/^renderer +120\.0 kB {3}baseline 100\.0 kB \(\+20\.0%\)$/),
      expect.stringMatching(/^everything +4\.00 MB {3}baseline 10\.00 MB \(-60\.0%\)$/),
    ]);
  });

  it("fails a consumer that grew by more than 20%", () => {
    const result = compareFootprint({ renderer: 120_001, everything: 10_000_000 }, baseline);
    expect(result.problems).toEqual([
      expect.stringContaining('"renderer" installs 120.0 kB, +20.0% over the baseline 100.0 kB'),
    ]);
  });

  it("fails a consumer without a baseline", () => {
    const result = compareFootprint({ bootstrap: 1 }, baseline);
    expect(result.problems).toEqual([expect.stringContaining('"bootstrap" has no baseline')]);
  });

  it("takes another tolerance", () => {
    expect(compareFootprint({ renderer: 105_000 }, baseline, 0.05).problems).toEqual([]);
    expect(compareFootprint({ renderer: 105_001 }, baseline, 0.05).problems).toHaveLength(1);
  });
});

describe("formatBytes", () => {
  it("uses decimal units", () => {
    expect([999, 1000, 999_949, 1_000_000, 43_210_000].map(formatBytes)).toEqual([
      "999 B",
      "1.0 kB",
      "999.9 kB",
      "1.00 MB",
      "43.21 MB",
    ]);
  });
});
