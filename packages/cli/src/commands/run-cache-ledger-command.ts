import type { CliIo } from "../cli-io.js";
import { createStyler } from "../output/create-styler.js";
import { formatDiagnostics } from "../output/format-diagnostics.js";
import { readCacheLedgerFile } from "../inputs/read-cache-ledger-file.js";
import { buildCacheLedgerReport } from "../reports/build-cache-ledger-report.js";
import { formatCacheLedgerReport } from "../reports/format-cache-ledger-report.js";
import { parseCacheLedgerLines } from "../reports/parse-cache-ledger-lines.js";

/** Flags of `promptstack cache-ledger`. */
export interface CacheLedgerCommandOptions {
  readonly json?: boolean;
}

/** Runs `promptstack cache-ledger FILE`. */
export async function runCacheLedgerCommand(
  file: string,
  options: CacheLedgerCommandOptions,
  io: CliIo,
): Promise<void> {
  const text = await readCacheLedgerFile(file, io.cwd);
  const report = buildCacheLedgerReport(parseCacheLedgerLines(text, file), file);
  if (options.json === true) {
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const styler = createStyler(io);
  io.stdout(formatCacheLedgerReport(report, styler));
  const problems = report.diagnostics
    .filter((diagnostic) => diagnostic.severity !== "info")
    .map((diagnostic) => ({
      ...diagnostic,
      message: `line ${diagnostic.line}: ${diagnostic.message}`,
    }));
  if (problems.length > 0) io.stderr(formatDiagnostics(problems, styler));
}
