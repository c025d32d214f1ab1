import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSectionDiff, SECTION_DIFF_MAX_EDIT_LINES } from "./format-section-diff.js";

const labels = { beforeLabel: "a", afterLabel: "b" };

describe("formatSectionDiff", () => {
  it("prints GNU-style hunks: a change, an insertion at the top, the cut line", () => {
    expect(formatSectionDiff("x\ny", "x\ny", { context: 2, maxLines: 40, ...labels })).toBe("");
    expect(
      formatSectionDiff("one\ntwo\nthree\nfour", "one\ntwo\nTHREE\nfour", {
        context: 1,
        maxLines: 40,
        ...labels,
      }),
    ).toBe("--- a\n+++ b\n@@ -2,3 +2,3 @@\n two\n-three\n+THREE\n four");
    expect(formatSectionDiff("a\nb", "x\na\nb", { context: 0, maxLines: 40, ...labels })).toBe(
      "--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x",
    );
    // The empty text is no line: a text diffed from or to it is all additions or all removals.
    expect(formatSectionDiff("", "x\ny", { context: 2, maxLines: 40, ...labels })).toBe(
      "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+x\n+y",
    );
    expect(formatSectionDiff("x", "", { context: 2, maxLines: 40, ...labels })).toBe(
      "--- a\n+++ b\n@@ -1,1 +0,0 @@\n-x",
    );
    expect(formatSectionDiff("", "\n", { context: 2, maxLines: 40, ...labels })).toBe(
      "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+\n+",
    );
    const cut = formatSectionDiff("1\n2\n3", "4\n5\n6", { context: 0, maxLines: 2, ...labels });
    expect(cut.split("\n").at(-1)).toBe("… 5 more diff lines");
    expect(formatSectionDiff("1", "2", { context: 0, maxLines: 2, ...labels })).toBe(
      "--- a\n+++ b\n@@ -1,1 +1,1 @@\n-1\n… 1 more diff line",
    );
  });

  it("applies back: the kept and added lines of a full-context diff are the after text", () => {
    const lines = fc.array(fc.constantFrom("a", "b", "c", "", "d e"), { maxLength: 30 });
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const diff = formatSectionDiff(before.join("\n"), after.join("\n"), {
          context: 1_000,
          maxLines: 10_000,
          ...labels,
        });
        if (before.join("\n") === after.join("\n")) {
          expect(diff).toBe("");
          return;
        }
        const body = diff.split("\n").slice(3);
        // The empty text is no line; any other text is its lines.
        const linesOf = (text: string): string[] => (text === "" ? [] : text.split("\n"));
        expect(body.filter((line) => !line.startsWith("+")).map((line) => line.slice(1))).toEqual(
          linesOf(before.join("\n")),
        );
        expect(body.filter((line) => !line.startsWith("-")).map((line) => line.slice(1))).toEqual(
          linesOf(after.join("\n")),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("finds one changed line in a 450 KB section without a table of both lengths", () => {
    const lines = Array.from({ length: 30_000 }, (_, index) => `fact ${index}: value`);
    const changed = [...lines];
    changed[15_000] = "fact 15000: other";
    const diff = formatSectionDiff(lines.join("\n"), changed.join("\n"), {
      context: 2,
      maxLines: 40,
      ...labels,
    });
    expect(diff).toContain("@@ -14999,5 +14999,5 @@");
    expect(diff).toContain("+fact 15000: other");
  });

  it("gives up with a note when the texts differ in more lines than the bound", () => {
    const before = Array.from({ length: 30_000 }, (_, index) => `old ${index}`).join("\n");
    const after = Array.from({ length: 30_000 }, (_, index) => `new ${index}`).join("\n");
    const diff = formatSectionDiff(before, after, { context: 2, maxLines: 40, ...labels });
    expect(diff).toBe(
      `--- a\n+++ b\n… no line diff: the texts differ in more than ${SECTION_DIFF_MAX_EDIT_LINES} lines; compare the sections in render --json.`,
    );
  });
});
