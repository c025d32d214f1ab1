import { Argument } from "commander";
import type { Command } from "commander";
import { buildContextReport } from "../reports/build-context-report.js";
import type { CliIo } from "../cli-io.js";
import type { ProgramState } from "../create-program.js";
import { createStyler } from "../output/create-styler.js";
import { formatContextReport } from "../reports/format-context-report.js";
import type { ContextView } from "../reports/format-context-report.js";
import { formatDiagnostics } from "../output/format-diagnostics.js";
import { addInputOptions } from "../inputs/input-options.js";
import type { InputOptions } from "../inputs/input-options.js";
import { loadRenderRun } from "../inputs/load-render-run.js";

/** `promptstack context list|detail`: what each input contributes, like `/context list|detail`. */
export function registerContextCommand(program: Command, io: CliIo, _state: ProgramState): void {
  addInputOptions(
    program
      .command("context")
      .description("show what each file, skill, tool schema and section adds to the prompt")
      .addArgument(new Argument("<view>", "list or detail").choices(["list", "detail"])),
  ).action(async (view: ContextView, options: InputOptions) => {
    const run = await loadRenderRun(options, io);
    const report = buildContextReport(run);
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
      io.stdout(`${JSON.stringify({ ...body, diagnostics }, null, 2)}\n`);
      return;
    }
    const styler = createStyler(io);
    io.stdout(formatContextReport(report, view, styler));
    const problems = run.diagnostics.filter((diagnostic) => diagnostic.severity !== "info");
    if (problems.length > 0) io.stderr(formatDiagnostics(problems, styler));
  });
}
