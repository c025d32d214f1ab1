import type { CliIo } from "../cli-io.js";
import type { InputOptions } from "../inputs/input-options.js";
import { loadRenderRun } from "../inputs/load-render-run.js";
import { createStyler } from "../output/create-styler.js";
import { formatDiagnostics } from "../output/format-diagnostics.js";
import {
  formatPromptText,
  formatRenderSummary,
  formatRenderText,
} from "../output/format-render-text.js";
import type { ProgramState } from "../program-state.js";
import { buildRenderOutput } from "../reports/build-render-output.js";
import { printJsonOutput } from "../output/format-json-output.js";

/**
 * Runs `promptstack render`. Piped plain text shows no token counts, so it never loads the
 * tokenizer; `--json`, a terminal (boundary rule and summary) and the Codex layers do.
 */
export async function runRenderCommand(
  options: InputOptions,
  io: CliIo,
  state: ProgramState,
): Promise<void> {
  // When the flags already say the output shows counts, the counter (its 3.5 MB rank table) loads
  // while the run reads its files; a failed run leaves the loading promise to the counter.
  if (options.json === true || io.isTTY || options.harness === "codex") {
    state.tokenCounter.load().catch(() => undefined);
  }
  const run = await loadRenderRun(options, io);
  const styler = createStyler(io);
  const problems = run.diagnostics.filter((diagnostic) => diagnostic.severity !== "info");
  const showsCounts = options.json === true || io.isTTY || run.codex !== undefined;
  if (!showsCounts) {
    io.stdout(formatPromptText(run.modelText));
    if (problems.length > 0) io.stderr(formatDiagnostics(problems, styler));
    return;
  }
  const output = buildRenderOutput(run, await state.tokenCounter.load());
  if (options.json === true) {
    printJsonOutput(io, output);
    return;
  }
  io.stdout(formatRenderText(output, { showBoundary: io.isTTY, terminal: io.isTTY, styler }));
  if (problems.length > 0) io.stderr(formatDiagnostics(problems, styler));
  if (io.isTTY) io.stderr(`${styler.dim(formatRenderSummary(output))}\n`);
}
