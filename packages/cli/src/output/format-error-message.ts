import type { PromptstackError } from "@promptstack/core";
import { escapeTerminalText } from "./escape-terminal-text.js";

/** The user-facing text of an input error: what (with its code), where, how to fix. No stack. */
export function formatErrorMessage(error: PromptstackError): string {
  const lines = [`promptstack: error ${error.code}: ${error.message}`];
  if (error.path !== undefined && !error.message.includes(error.path)) {
    lines.push(`  where: ${error.path}`);
  }
  if (error.hint !== undefined) lines.push(`  fix: ${error.hint}`);
  // Error messages quote config keys, facts keys and paths: escaped for the terminal.
  return escapeTerminalText(lines.join("\n"));
}
