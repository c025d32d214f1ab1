import { SECTION_TABLE } from "./section-table.js";
import type { SectionTableRow } from "./section-table-row.js";

function escapeCell(text: string): string {
  return text.replaceAll("|", "\\|");
}

/** The section table as a Markdown table (id, heading, gate, cache, modes), for the README. */
export function formatSectionTableMarkdown(
  table: readonly SectionTableRow[] = SECTION_TABLE,
): string {
  const lines = ["| id | heading | gate | cache | modes |", "| --- | --- | --- | --- | --- |"];
  for (const row of table) {
    let heading = row.heading;
    if (row.minimalHeading !== undefined) heading += ` (minimal: ${row.minimalHeading})`;
    if (!row.headingInText) heading += " (no heading line)";
    const cells = [`\`${row.id}\``, heading, row.gate, row.cache, row.modes.join(", ")];
    lines.push(`| ${cells.map(escapeCell).join(" | ")} |`);
  }
  return `${lines.join("\n")}\n`;
}
