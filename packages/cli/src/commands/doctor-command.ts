import { Option } from "commander";
import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import { addInputOptions } from "../inputs/input-options.js";
import type { ProgramState } from "../program-state.js";
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
    const { runDoctorCommand } = await import("./run-doctor-command.js");
    const { withConfiguredWorkspace } = await import("../inputs/with-configured-workspace.js");
    await runDoctorCommand(await withConfiguredWorkspace(options, io), io, state);
  });
}
