import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUnifiedDiff } from "./format-unified-diff.js";

function applyDiff(before: string, diff: string): string {
  // Rebuild `after` from `before` and the hunks; only valid for diffs without a line cap.
  const beforeLines = before.split("\n");
  const out: string[] = [];
  let cursor = 0;
  for (const line of diff.split("\n").slice(2)) {
    const header = /^@@ -(\d+),\d+ \+\d+,\d+ @@$/.exec(line);
    if (header !== null) {
      const start = Number(header[1]) - 1;
      out.push(...beforeLines.slice(cursor, start));
      cursor = start;
      continue;
    }
    if (line.startsWith(" ")) {
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
    expect(formatUnifiedDiff("a\nb", "a\nb")).toBe("");
  });

  it("shows one changed line with context", () => {
    const diff = formatUnifiedDiff("one\ntwo\nthree\nfour\nfive", "one\ntwo\nTHREE\nfour\nfive", {
      context: 1,
      beforeLabel: "before.json",
      afterLabel: "after.json",
    });
    expect(diff).toBe(
      [
        "--- before.json",
        "+++ after.json",
        "@@ -2,3 +2,3 @@",
        " two",
        "-three",
        "+THREE",
        " four",
      ].join("\n"),
    );
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
      fc.property(lines, lines, (a, b) => {
        const before = a.join("\n");
        const after = b.join("\n");
        const diff = formatUnifiedDiff(before, after, { context: 1 });
        expect(diff === "" ? before : applyDiff(before, diff)).toBe(after);
      }),
    );
  });
});
