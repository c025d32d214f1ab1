import { describe, expect, it } from "vitest";
import { markingStyler } from "../../test/marking-styler.js";
import { formatDiagnostics, uniqueDiagnostics } from "./format-diagnostics.js";

describe("formatDiagnostics", () => {
  it("writes one line per diagnostic, its path in parentheses and its hint on an indented line", () => {
    expect(
      formatDiagnostics(
        [
          {
            code: "SKILL_DESCRIPTION_MISSING",
            severity: "error",
            message: 'Skill "bad" has no description.',
            path: "/w/skills/bad/SKILL.md",
            hint: "Add `description:`.",
          },
          { code: "BOOTSTRAP_FILE_EMPTY", severity: "info", message: "SOUL.md is empty." },
        ],
        markingStyler,
      ),
    ).toBe(
      '<red>error</red> SKILL_DESCRIPTION_MISSING: Skill "bad" has no description. (/w/skills/bad/SKILL.md)\n' +
        "  fix: Add `description:`.\n" +
        "<dim>info</dim> BOOTSTRAP_FILE_EMPTY: SOUL.md is empty.\n",
    );
  });

  it("escapes control characters in the message, path and hint but not in the styled label", () => {
    expect(
      formatDiagnostics(
        [
          {
            code: "X",
            severity: "warning",
            message: "a\u001b[2K",
            path: "/p\u0007",
            hint: "h\r",
          },
        ],
        markingStyler,
      ),
    ).toBe("<yellow>warning</yellow> X: a\\x1b[2K (/p\\x07)\n  fix: h\\x0d\n");
  });

  it("writes nothing for no diagnostics", () => {
    expect(formatDiagnostics([], markingStyler)).toBe("");
  });
});

describe("uniqueDiagnostics", () => {
  it("drops a repeat of the same code, message and path, keeping the first in order", () => {
    const skipped = { code: "A", severity: "error", message: "m", path: "p" } as const;
    const elsewhere = { ...skipped, path: "q" };
    const other = { ...skipped, code: "B" };
    const reworded = { ...skipped, message: "n" };
    const repeat = { ...skipped, severity: "warning", hint: "h" } as const;
    expect(uniqueDiagnostics([skipped, elsewhere, repeat, other, reworded, skipped])).toEqual([
      skipped,
      elsewhere,
      other,
      reworded,
    ]);
    // A repeat never replaces the first, even when it is the last one seen.
    expect(uniqueDiagnostics([skipped, repeat])).toEqual([skipped]);
  });
});
