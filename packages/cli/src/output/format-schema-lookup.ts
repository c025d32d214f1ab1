import type { ConfigSchemaLookup } from "@promptstack/config";
import type { Styler } from "./create-styler.js";
import { formatTable } from "./format-table.js";

function formatValue(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** The `schema` text view: key, type, default, constraints, description and direct children. */
export function formatSchemaLookup(lookup: ConfigSchemaLookup, styler: Styler): string {
  const lines = [styler.bold(lookup.path === "" ? "(config root)" : lookup.path)];
  lines.push(`  type:        ${lookup.type}`);
  if (lookup.default !== undefined) lines.push(`  default:     ${formatValue(lookup.default)}`);
  const constraints = Object.entries(lookup.constraints)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key} ${formatValue(value)}`);
  if (constraints.length > 0) lines.push(`  constraints: ${constraints.join(", ")}`);
  if (lookup.deprecated === true) lines.push(`  ${styler.yellow("deprecated")}`);
  if (lookup.description !== undefined) lines.push(`  ${lookup.description}`);
  if (lookup.children !== undefined && lookup.children.length > 0) {
    lines.push(
      "",
      formatTable(
        [{ header: "KEY" }, { header: "TYPE" }, { header: "DESCRIPTION" }],
        lookup.children.map((child) => [child.key, child.type, child.description ?? ""]),
        styler.dim,
      ),
    );
  }
  return `${lines.join("\n")}\n`;
}
