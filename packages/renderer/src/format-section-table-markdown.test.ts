import { describe, expect, it } from "vitest";
import { formatSectionTableMarkdown } from "./format-section-table-markdown.js";
import { FULL_MINIMAL, freezeSectionRow } from "./section-table-row.js";

describe("formatSectionTableMarkdown", () => {
  it("escapes a pipe in a cell so it does not split the row", () => {
    const row = freezeSectionRow({
      id: "house_rules",
      heading: "House Rules",
      minimalHeading: "Rules",
      headingInText: false,
      cache: "stable",
      modes: FULL_MINIMAL,
      gate: "`a | b` is set",
      render: () => undefined,
    });
    expect(formatSectionTableMarkdown([row])).toBe(
      [
        "| id | heading | gate | cache | modes |",
        "| --- | --- | --- | --- | --- |",
        "| `house_rules` | House Rules (minimal: Rules) (no heading line) | `a \\| b` is set | stable | full, minimal |",
        "",
      ].join("\n"),
    );
  });
});
