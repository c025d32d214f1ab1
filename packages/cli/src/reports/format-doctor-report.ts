import type { DoctorFinding } from "@promptstack/agent";
import type { Styler } from "../output/create-styler.js";
import { escapeTerminalText } from "../output/escape-terminal-text.js";
import { styleSeverity } from "../output/style-severity.js";
import type { DoctorReport } from "./load-doctor-report.js";

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function formatFinding(found: DoctorFinding, styler: Styler): string {
  const show = escapeTerminalText;
  // Padded to the longest label, "warning", so the codes line up.
  const severity = styleSeverity(found.severity, styler, 7);
  const where = [found.path, found.key].filter((part) => part !== undefined).join(" › ");
  const lines = [
    `${severity} ${styler.bold(found.code)}${where === "" ? "" : `  ${show(where)}`}`,
    `  ${show(found.message)}`,
    `  ${styler.dim("why:")} ${show(found.why)}`,
    `  ${styler.dim("fix:")} ${show(found.fix)}`,
  ];
  return lines.join("\n");
}

/** The text form of `promptstack doctor`: a summary line, then one block per finding. */
export function formatDoctorReport(report: DoctorReport, styler: Styler): string {
  const { error, warning, info } = report.counts;
  const provider =
    report.provider === undefined
      ? ""
      : `, ${report.provider.provider} ${escapeTerminalText(report.provider.model)}`;
  const head = `promptstack doctor: ${escapeTerminalText(report.workspace)}${provider}`;
  if (report.findings.length === 0) {
    return `${head}\n${styler.green("No findings.")}\n`;
  }
  const summary = [plural(error, "error"), plural(warning, "warning"), `${info} info`].join(", ");
  const blocks = report.findings.map((found) => formatFinding(found, styler));
  return `${head}\n${summary}\n\n${blocks.join("\n\n")}\n`;
}
