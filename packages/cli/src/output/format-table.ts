/** One column of a text table. */
export interface TableColumn {
  readonly header: string;
  readonly align?: "left" | "right";
}

/** A cell: plain text, or text plus a style applied after padding (so colours never break alignment). */
export type TableCell =
  string | { readonly text: string; readonly style: (text: string) => string };

import { escapeTerminalText } from "./escape-terminal-text.js";

/**
 * An aligned table: two-space indent, two spaces between columns, no trailing spaces. Cell text
 * comes from workspaces, skills and config (names, paths), so control and bidi characters are
 * shown escaped (`escapeTerminalText`) before padding; styles are applied after.
 */
export function formatTable(
  columns: readonly TableColumn[],
  rows: readonly (readonly TableCell[])[],
  headerStyle: (text: string) => string = (text) => text,
): string {
  const textOf = (cell: TableCell | undefined): string =>
    escapeTerminalText(cell === undefined ? "" : typeof cell === "string" ? cell : cell.text);
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...rows.map((row) => textOf(row[index]).length)),
  );
  const pad = (text: string, index: number): string => {
    const width = widths[index] ?? 0;
    return columns[index]?.align === "right" ? text.padStart(width) : text.padEnd(width);
  };
  const formatRow = (cells: readonly TableCell[], style?: (text: string) => string): string => {
    const last = columns.length - 1;
    const parts = columns.map((_, index) => {
      const cell = cells[index];
      const padded =
        index === last && columns[index]?.align !== "right"
          ? textOf(cell)
          : pad(textOf(cell), index);
      if (style !== undefined) return style(padded);
      return typeof cell === "object" ? cell.style(padded) : padded;
    });
    return `  ${parts.join("  ")}`.trimEnd();
  };
  return [
    formatRow(
      columns.map((column) => column.header),
      headerStyle,
    ),
    ...rows.map((row) => formatRow(row)),
  ].join("\n");
}
