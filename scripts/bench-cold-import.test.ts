import { describe, expect, it } from "vitest";
import { buildImportProbe, formatImportTable, summarizeSamples } from "./bench-cold-import.js";

describe("summarizeSamples", () => {
  it("takes the median of odd and even counts and the nearest-rank p99", () => {
    expect(summarizeSamples([3, 1, 2])).toEqual({ median: 2, p99: 3, min: 1, max: 3 });
    expect(summarizeSamples([4, 1, 3, 2]).median).toBe(2.5);
    const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(summarizeSamples(hundred).p99).toBe(99);
    expect(summarizeSamples([...hundred, 1000]).p99).toBe(100);
  });

  it("refuses an empty list", () => {
    expect(() => summarizeSamples([])).toThrow(/no samples/);
  });
});

describe("buildImportProbe", () => {
  it("imports the specifier once and prints wall and CPU time as JSON", () => {
    const probe = buildImportProbe("@promptstack/renderer");
    expect(probe).toContain('await import("@promptstack/renderer");');
    expect(probe).toContain("process.cpuUsage(cpu)");
  });
});

describe("formatImportTable", () => {
  it("prints one row per target with median and p99 of wall and CPU time", () => {
    const table = formatImportTable([
      {
        label: "@promptstack/renderer",
        samples: [
          { wallMs: 10, cpuMs: 8 },
          { wallMs: 30, cpuMs: 9 },
          { wallMs: 20, cpuMs: 7 },
        ],
      },
    ]);
    expect(table.split("\n").at(-1)).toBe(
      "| @promptstack/renderer | 20.0 ms | 30.0 ms | 8.0 ms | 9.0 ms | 3 |",
    );
  });
});
