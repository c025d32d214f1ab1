import { Option } from "commander";
import type { Command } from "commander";
import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import type { ProgramState } from "../create-program.js";
import { createStyler } from "../create-styler.js";
import { addInputOptions } from "../input-options.js";
import { formatDoctorReport } from "../reports/format-doctor-report.js";
import { loadDoctorReport, toDoctorExitCode } from "../reports/load-doctor-report.js";
import type { DoctorOptions } from "../reports/load-doctor-report.js";

/** `promptstack doctor`: one report of what to fix in a workspace, its skills and its config. */
export function registerDoctorCommand(program: Command, io: CliIo, state: ProgramState): void {
  addInputOptions(
    program
      .command("doctor")
      .description(
        "check a workspace, its skills and config: truncated or skipped files, dropped skills, key problems",
      )
      .option("--strict", "exit 1 when there are warnings (errors always exit 2)")
      .addOption(
        new Option(
          "--provider <provider>",
          "also check the stable prefix against the provider's minimum cacheable length",
        ).choices(["anthropic", "openai"]),
      )
      .option("--model <id>", "model id, with --provider (default claude-sonnet-4-5 / gpt-5.5)"),
  ).action(async (options: DoctorOptions) => {
    if (options.model !== undefined && options.provider === undefined) {
      throw new CliError("CLI_USAGE", "--model applies only with --provider.", {
        path: "--model",
        hint: "Add --provider anthropic or --provider openai.",
      });
    }
    const report = await loadDoctorReport(options, io);
    if (options.json === true) {
      io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      io.stdout(formatDoctorReport(report, createStyler(io)));
    }
    state.exitCode = toDoctorExitCode(report, options.strict === true);
  });
}
