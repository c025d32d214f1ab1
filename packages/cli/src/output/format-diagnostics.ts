import type { Diagnostic } from "@promptstack/core";
import type { CliIo } from "../cli-io.js";
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

/**
 * The diagnostics without repeats (same code, message and path), first one kept, in order: a
 * command that renders several turns of one workspace meets each input problem once per turn.
 */
export function uniqueDiagnostics<T extends Diagnostic>(diagnostics: readonly T[]): T[] {
  const seen = new Map<string, T>();
  for (const diagnostic of diagnostics) {
    const key = JSON.stringify([diagnostic.code, diagnostic.message, diagnostic.path]);
    if (!seen.has(key)) seen.set(key, diagnostic);
  }
  return [...seen.values()];
}

/** Prints the warnings and errors of `diagnostics` on stderr, each once; infos are left out. */
export function printInputProblems(
  io: CliIo,
  diagnostics: readonly Diagnostic[],
  styler: Styler,
): void {
  const problems = uniqueDiagnostics(diagnostics).filter(
    (diagnostic) => diagnostic.severity !== "info",
  );
  if (problems.length > 0) io.stderr(formatDiagnostics(problems, styler));
}
