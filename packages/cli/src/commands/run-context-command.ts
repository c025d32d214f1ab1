import type { CliIo } from "../cli-io.js";
import type { InputOptions } from "../inputs/input-options.js";
import { loadRenderRun } from "../inputs/load-render-run.js";
import { createStyler } from "../output/create-styler.js";
import { formatDiagnostics } from "../output/format-diagnostics.js";
import type { ProgramState } from "../program-state.js";
import { buildContextReport } from "../reports/build-context-report.js";
import { formatContextReport } from "../reports/format-context-report.js";
import type { ContextView } from "../reports/format-context-report.js";
import { printJsonOutput } from "../output/format-json-output.js";

/** Runs `promptstack context list|detail`. */
export async function runContextCommand(
  view: ContextView,
  options: InputOptions,
  io: CliIo,
  state: ProgramState,
): Promise<void> {
  const run = await loadRenderRun(options, io);
  const report = buildContextReport(run, await state.tokenCounter.load());
  if (options.json === true) {
    const diagnostics = run.diagnostics.map((diagnostic) => ({ ...diagnostic }));
    const body =
      view === "list"
        ? {
            ...report,
            skills: { ...report.skills, entries: undefined },
            tools: { ...report.tools, entries: undefined },
          }
        : report;
    printJsonOutput(io, { ...body, diagnostics });
    return;
  }
  const styler = createStyler(io);
  io.stdout(formatContextReport(report, view, styler));
  const problems = run.diagnostics.filter((diagnostic) => diagnostic.severity !== "info");
  if (problems.length > 0) io.stderr(formatDiagnostics(problems, styler));
}
