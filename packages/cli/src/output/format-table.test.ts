import { describe, expect, it } from "vitest";
import { markingStyler } from "../../test/marking-styler.js";
import { formatTable } from "./format-table.js";

describe("formatTable", () => {
  it("aligns columns two spaces apart, pads all but a left-aligned last column, trims line ends", () => {
    expect(
      formatTable(
        [{ header: "NAME" }, { header: "TOKENS", align: "right" }, { header: "NOTE" }],
        [
          ["AGENTS.md", "1,234", "read"],
          ["SOUL.md", "7", ""],
        ],
      ),
    ).toBe(
      ["  NAME       TOKENS  NOTE", "  AGENTS.md   1,234  read", "  SOUL.md         7"].join("\n"),
    );
  });

  it("pads a right-aligned last column too", () => {
    expect(formatTable([{ header: "NAME" }, { header: "N", align: "right" }], [["a", "100"]])).toBe(
      "  NAME    N\n  a     100",
    );
  });

  it("shows a missing cell as empty", () => {
    expect(formatTable([{ header: "A" }, { header: "B" }, { header: "C" }], [["x"]])).toBe(
      "  A  B  C\n  x",
    );
  });

  it("styles the header row and each styled cell after padding, so colour never shifts a column", () => {
    const table = formatTable(
      [{ header: "KEY" }, { header: "DESCRIPTION" }],
      [
        [{ text: "a", style: markingStyler.red }, "the longest description"],
        ["bb", { text: "short", style: markingStyler.green }],
      ],
      markingStyler.dim,
    );
    expect(table).toBe(
      [
        "  <dim>KEY</dim>  <dim>DESCRIPTION</dim>",
        "  <red>a  </red>  the longest description",
        "  bb   <green>short</green>",
      ].join("\n"),
    );
  });
});
