import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUnifiedDiff } from "./format-unified-diff.js";

// Rebuilds `after` from `before` and the hunks; only valid for diffs without a line cap.
function applyDiff(before: string, diff: string): string {
  const beforeLines = before.split("\n");
  const out: string[] = [];
  let cursor = 0;
  for (const line of diff.split("\n").slice(2)) {
    const header = /^@@ -(\d+),(\d+) \+\d+,\d+ @@$/.exec(line);
    if (header !== null) {
      // A zero-length range names the line before it (GNU convention).
      const start = Number(header[2]) === 0 ? Number(header[1]) : Number(header[1]) - 1;
      out.push(...beforeLines.slice(cursor, start));
      cursor = start;
    } else if (line.startsWith(" ")) {
      out.push(line.slice(1));
      cursor += 1;
    } else if (line.startsWith("-")) {
      cursor += 1;
    } else if (line.startsWith("+")) {
      out.push(line.slice(1));
    }
  }
  out.push(...beforeLines.slice(cursor));
  return out.join("\n");
}

describe("formatUnifiedDiff", () => {
  it("is empty for equal texts", () => {
    expect(formatUnifiedDiff("a\nb\n", "a\nb\n")).toBe("");
  });

  it("shows a one-word change as -/+ lines with three lines of context by default", () => {
    const before = ["1", "2", "3", "4", "the quick fox", "6", "7", "8", "9"].join("\n");
    const after = before.replace("quick", "slow");
    expect(
      formatUnifiedDiff(before, after, { beforeLabel: "on disk", afterLabel: "expected" }),
    ).toBe(
      [
        "--- on disk",
        "+++ expected",
        "@@ -2,7 +2,7 @@",
        " 2",
        " 3",
        " 4",
        "-the quick fox",
        "+the slow fox",
        " 6",
        " 7",
        " 8",
      ].join("\n"),
    );
  });

  it("honours a smaller context", () => {
    const diff = formatUnifiedDiff("one\ntwo\nthree\nfour\nfive", "one\ntwo\nTHREE\nfour\nfive", {
      context: 1,
    });
    expect(diff).toBe(
      ["--- before", "+++ after", "@@ -2,3 +2,3 @@", " two", "-three", "+THREE", " four"].join(
        "\n",
      ),
    );
  });

  it("splits distant changes into hunks and merges close ones", () => {
    const before = Array.from({ length: 30 }, (_, i) => `l${i}`);
    const far = [...before];
    far[2] = "X";
    far[25] = "Y";
    expect(formatUnifiedDiff(before.join("\n"), far.join("\n"), { context: 2 })).toMatch(
      /^--- before\n\+\+\+ after\n@@ -1,5 \+1,5 @@\n[\s\S]*\n@@ -24,5 \+24,5 @@\n/,
    );
    const near = [...before];
    near[2] = "X";
    near[6] = "Y";
    const merged = formatUnifiedDiff(before.join("\n"), near.join("\n"), { context: 2 });
    expect(merged.match(/^@@/gm)).toHaveLength(1);
  });

  it("names the line before an empty range, as GNU diff does", () => {
    expect(formatUnifiedDiff("", "a", { context: 0 })).toContain("@@ -1,1 +1,1 @@");
    expect(formatUnifiedDiff("a\nb", "x\na\nb", { context: 0 })).toContain("@@ -0,0 +1,1 @@");
  });

  it("caps the output and says how much was cut", () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\n");
    const after = Array.from({ length: 20 }, (_, i) => `LINE ${i}`).join("\n");
    const diff = formatUnifiedDiff(before, after, { maxLines: 5 });
    expect(diff.split("\n")).toHaveLength(2 + 5 + 1);
    expect(diff).toMatch(/… 36 more diff lines$/);
  });

  it("round-trips: applying the diff to before gives after", () => {
    const lines = fc.array(fc.constantFrom("a", "b", "c", "d", ""), { maxLength: 12 });
    fc.assert(
      fc.property(lines, lines, fc.integer({ min: 0, max: 3 }), (a, b, context) => {
        const before = a.join("\n");
        const after = b.join("\n");
        const diff = formatUnifiedDiff(before, after, { context });
        expect(diff === "" ? before : applyDiff(before, diff)).toBe(after);
      }),
    );
  });
});
