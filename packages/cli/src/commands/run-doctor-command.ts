import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import { createStyler } from "../output/create-styler.js";
import type { ProgramState } from "../program-state.js";
import { formatDoctorReport } from "../reports/format-doctor-report.js";
import { loadDoctorReport, toDoctorExitCode } from "../reports/load-doctor-report.js";
import type { DoctorOptions } from "../reports/load-doctor-report.js";
import { printJsonOutput } from "../output/format-json-output.js";

/** Runs `promptstack doctor`: prints the report and sets the exit status from its findings. */
export async function runDoctorCommand(
  options: DoctorOptions,
  io: CliIo,
  state: ProgramState,
): Promise<void> {
  if (options.model !== undefined && options.provider === undefined) {
    throw new CliError("CLI_USAGE", "--model applies only with --provider.", {
      path: "--model",
      hint: "Add --provider anthropic or --provider openai.",
    });
  }
  const counter = options.provider === undefined ? undefined : await state.tokenCounter.load();
  const report = await loadDoctorReport(options, io, counter);
  if (options.json === true) {
    printJsonOutput(io, report);
  } else {
    io.stdout(formatDoctorReport(report, createStyler(io)));
  }
  state.exitCode = toDoctorExitCode(report, options.strict === true);
}
