import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUnifiedDiff } from "./format-unified-diff.js";

const labels = { expected: "expected", actual: "on disk" };

describe("formatUnifiedDiff", () => {
  it("is empty for equal texts", () => {
    expect(formatUnifiedDiff("a\nb\n", "a\nb\n", labels)).toBe("");
  });

  it("shows a one-word change as -/+ lines with context", () => {
    const before = ["1", "2", "3", "4", "the quick fox", "6", "7", "8", "9"].join("\n");
    const after = before.replace("quick", "slow");
    expect(formatUnifiedDiff(after, before, labels)).toBe(
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
        "",
      ].join("\n"),
    );
  });

  it("applying the diff to the old text gives the expected text", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 12 }),
        fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 12 }),
        (x, y) => {
          const diff = formatUnifiedDiff(y.join("\n"), x.join("\n"), labels);
          expect(applyDiff(x.join("\n").split("\n"), diff).join("\n")).toBe(y.join("\n"));
        },
      ),
    );
  });
});

function applyDiff(old: readonly string[], diff: string): string[] {
  if (diff === "") return [...old];
  const out: string[] = [];
  let cursor = 0;
  for (const line of diff.split("\n").slice(2, -1)) {
    const header = /^@@ -(\d+),/.exec(line);
    if (header !== null) {
      const start = Number(header[1]) - 1;
      out.push(...old.slice(cursor, start));
      cursor = start;
    } else if (line.startsWith("+")) out.push(line.slice(1));
    else if (line.startsWith("-")) cursor += 1;
    else {
      out.push(line.slice(1));
      cursor += 1;
    }
  }
  out.push(...old.slice(cursor));
  return out;
}
