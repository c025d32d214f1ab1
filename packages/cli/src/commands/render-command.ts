import type { Command } from "commander";
import { buildRenderOutput } from "../reports/build-render-output.js";
import type { CliIo } from "../cli-io.js";
import type { ProgramState } from "../create-program.js";
import { createStyler } from "../output/create-styler.js";
import { formatDiagnostics } from "../output/format-diagnostics.js";
import { formatRenderSummary, formatRenderText } from "../output/format-render-text.js";
import { addInputOptions } from "../inputs/input-options.js";
import type { InputOptions } from "../inputs/input-options.js";
import { loadRenderRun } from "../inputs/load-render-run.js";

/** `promptstack render`: the prompt as text, or the `--json` contract. */
export function registerRenderCommand(program: Command, io: CliIo, _state: ProgramState): void {
  addInputOptions(
    program
      .command("render")
      .description("render the system prompt (default: the demo workspace and its facts)"),
  ).action(async (options: InputOptions) => {
    const run = await loadRenderRun(options, io);
    const output = buildRenderOutput(run);
    if (options.json === true) {
      io.stdout(`${JSON.stringify(output, null, 2)}\n`);
      return;
    }
    const styler = createStyler(io);
    io.stdout(formatRenderText(output, { showBoundary: io.isTTY, terminal: io.isTTY, styler }));
    const problems = run.diagnostics.filter((diagnostic) => diagnostic.severity !== "info");
    if (problems.length > 0) io.stderr(formatDiagnostics(problems, styler));
    if (io.isTTY) io.stderr(`${styler.dim(formatRenderSummary(output))}\n`);
  });
}
