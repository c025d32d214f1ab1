import type { Diagnostic } from "@promptstack/core";
import type { Styler } from "./create-styler.js";
import { escapeTerminalText } from "./escape-terminal-text.js";
import { styleSeverity } from "./style-severity.js";

/** Diagnostics as stderr lines: `warning CODE: message (path)` plus an indented hint. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], styler: Styler): string {
  return diagnostics
    .map((diagnostic) => {
      const severity = styleSeverity(diagnostic.severity, styler);
      const where = diagnostic.path === undefined ? "" : ` (${diagnostic.path})`;
      const hint = diagnostic.hint === undefined ? "" : `\n  fix: ${diagnostic.hint}`;
      // Messages and paths carry workspace, skill and config text: escaped for the terminal.
      return `${severity} ${escapeTerminalText(`${diagnostic.code}: ${diagnostic.message}${where}${hint}`)}\n`;
    })
    .join("");
}
