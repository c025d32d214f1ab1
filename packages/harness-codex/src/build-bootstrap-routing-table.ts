import type { BootstrapFileOrigin } from "@promptstack/bootstrap";
import type { CodexConnectionKind } from "./codex-connection-kind.js";
import { toBootstrapSurface } from "./route-bootstrap-files.js";
import type { BootstrapHarness, RouteBootstrapFilesOptions } from "./route-bootstrap-files.js";

interface TableRow {
  readonly label: string;
  readonly name: string;
  readonly origin: BootstrapFileOrigin;
  readonly memoryToolsAvailable: boolean;
  readonly executionDirDiffers: boolean;
}

const ROWS: readonly TableRow[] = [
  row("AGENTS.md (workspace is the execution folder)", "AGENTS.md", "workspace", true, false),
  row(
    "AGENTS.md (configured workspace, execution folder differs)",
    "AGENTS.md",
    "workspace",
    true,
    true,
  ),
  row("AGENTS.md (execution folder)", "AGENTS.md", "execution", true, true),
  row("SOUL.md", "SOUL.md", "workspace", true, false),
  row("IDENTITY.md", "IDENTITY.md", "workspace", true, false),
  row("USER.md", "USER.md", "workspace", true, false),
  row("BOOTSTRAP.md", "BOOTSTRAP.md", "workspace", true, false),
  row("MEMORY.md (memory tools available)", "MEMORY.md", "workspace", true, false),
  row("MEMORY.md (no memory tools)", "MEMORY.md", "workspace", false, false),
  row("other files added by hooks", "NOTES.md", "workspace", true, false),
];

const COLUMNS: readonly {
  readonly harness: BootstrapHarness;
  readonly connection: CodexConnectionKind;
}[] = [
  { harness: "embedded", connection: "managed-stdio" },
  { harness: "codex", connection: "managed-stdio" },
  { harness: "codex", connection: "external" },
  { harness: "codex", connection: "desktop" },
];

function row(
  label: string,
  name: string,
  origin: BootstrapFileOrigin,
  memoryToolsAvailable: boolean,
  executionDirDiffers: boolean,
): TableRow {
  return { label, name, origin, memoryToolsAvailable, executionDirDiffers };
}

/**
 * The routing table (file × harness × connection → surface) as Markdown, generated from
 * `toBootstrapSurface` so docs cannot drift from code. The embedded harness ignores the
 * connection, so it has one column.
 */
export function buildBootstrapRoutingTable(): string {
  const header = [
    "file",
    ...COLUMNS.map((c) => (c.harness === "embedded" ? "embedded (any)" : `codex ${c.connection}`)),
  ];
  const body = ROWS.map((r) => [
    r.label,
    ...COLUMNS.map((c) => {
      const options: RouteBootstrapFilesOptions = {
        harness: c.harness,
        connection: c.connection,
        memoryToolsAvailable: r.memoryToolsAvailable,
        executionDirDiffers: r.executionDirDiffers,
      };
      return `\`${toBootstrapSurface({ name: r.name, origin: r.origin }, options)}\``;
    }),
  ]);
  // Padded like prettier pads Markdown tables, so formatting the doc never changes the table.
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...body.map((cells) => cells[i]?.length ?? 0)),
  );
  const format = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const lines = [format(header), format(widths.map((w) => "-".repeat(w))), ...body.map(format)];
  return `${lines.join("\n")}\n`;
}
