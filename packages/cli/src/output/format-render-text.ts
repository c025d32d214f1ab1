import type { Styler } from "./create-styler.js";
import { escapeTerminalText } from "./escape-terminal-text.js";
import { formatNumber } from "./format-number.js";
import type { RenderOutput } from "./render-output-schema.js";

/** How the text-mode prompt is shown. */
export interface RenderTextOptions {
  /** Show the cache boundary as a rule between the halves (a terminal); else print the raw prompt. */
  readonly showBoundary: boolean;
  readonly styler: Styler;
  /** Terminal width for the rule; default 72. */
  readonly width?: number;
  /**
   * Printing to a terminal: escape control sequences in the prompt (`escapeTerminalText`) so a
   * workspace file cannot drive the terminal. Off when piped: the text stays exact.
   */
  readonly terminal?: boolean;
}

function formatRule(label: string, width: number): string {
  const text = ` ${label} `;
  const left = 4;
  const right = Math.max(4, width - left - text.length);
  return `${"─".repeat(left)}${text}${"─".repeat(right)}`;
}

/** The prompt exactly as the model gets it, ending with one newline (a piped plain render). */
export function formatPromptText(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

/**
 * The prompt as text. Piped: exactly the text the model gets, ending with one newline. On a
 * terminal: the same text, control sequences escaped, with a dim rule where the cache boundary
 * sits.
 */
export function formatRenderText(output: RenderOutput, options: RenderTextOptions): string {
  const width = options.width ?? 72;
  const shown = options.terminal === true ? escapeTerminalText : (text: string) => text;
  if (output.codex !== undefined) {
    return output.codex.layers
      .map((layer, index) => {
        const header = formatRule(
          shown(
            `layer ${index + 1}: ${layer.role} · ${layer.source} · ${formatNumber(layer.tokens)} tokens`,
          ),
          width,
        );
        return `${options.styler.dim(header)}\n${shown(layer.text)}\n`;
      })
      .join("\n");
  }
  const text = formatPromptText(output.text);
  if (!options.showBoundary || output.boundary === -1) return shown(text);
  const stable = output.text.slice(0, output.boundary);
  const volatile = output.text.slice(output.boundary);
  const rule = formatRule(
    `cache boundary · ${formatNumber(output.totals.stableTokens)} stable tokens above`,
    width,
  );
  // The rule replaces the blank line between the halves.
  const head = `${stable.trimEnd()}\n`;
  const tail = volatile.replace(/^\n+/, "");
  return `${shown(head)}${options.styler.dim(rule)}\n${shown(tail.endsWith("\n") ? tail : `${tail}\n`)}`;
}

/** The one-line summary printed to stderr after a text-mode render on a terminal. */
export function formatRenderSummary(output: RenderOutput): string {
  const stableShare =
    output.totals.tokens === 0
      ? 0
      : Math.round((output.totals.stableTokens / output.totals.tokens) * 100);
  const missing = output.bootstrap.filter((file) => file.status === "missing").length;
  const truncated = output.bootstrap.filter((file) => file.status === "truncated").length;
  const fileNotes = [
    ...(truncated > 0 ? [`${truncated} truncated`] : []),
    ...(missing > 0 ? [`${missing} missing`] : []),
  ];
  const warnings = output.diagnostics.filter((d) => d.severity !== "info").length;
  const parts = [
    `${formatNumber(output.totals.tokens)} tokens (${formatNumber(output.totals.chars)} chars)`,
    `${stableShare}% stable`,
    `${output.sections.length} sections`,
    `${output.bootstrap.length} bootstrap files${fileNotes.length > 0 ? ` (${fileNotes.join(", ")})` : ""}`,
    `${output.skills.included}/${output.skills.eligible} skills`,
    ...(warnings > 0 ? [`${warnings} warning${warnings === 1 ? "" : "s"}`] : []),
  ];
  return `promptstack: ${parts.join(" · ")}`;
}
