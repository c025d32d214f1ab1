import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatSectionTableMarkdown } from "../src/format-section-table-markdown.js";
import { SECTION_TABLE } from "../src/section-table.js";

const README = readFileSync(join(import.meta.dirname, "../README.md"), "utf8");

describe("README", () => {
  it("contains exactly the generated section table", () => {
    const start = README.indexOf("<!-- section-table:start -->\n");
    const end = README.indexOf("<!-- section-table:end -->");
    expect(start).toBeGreaterThan(-1);
    const table = README.slice(start + "<!-- section-table:start -->\n".length, end);
    expect(table).toBe(formatSectionTableMarkdown());
  });

  it("would notice a changed gate", () => {
    const changed = SECTION_TABLE.map((row, i) => (i === 0 ? { ...row, gate: "never" } : row));
    expect(README).not.toContain(formatSectionTableMarkdown(changed));
  });

  it("uses the common package headings", () => {
    const headings = README.split("\n").filter((line) => line.startsWith("## "));
    expect(headings).toEqual([
      "## What it is",
      "## Install",
      "## Use",
      "## API",
      "## Errors and diagnostics",
    ]);
  });
});
