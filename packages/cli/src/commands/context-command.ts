import { Argument } from "commander";
import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import { addInputOptions } from "../inputs/input-options.js";
import type { InputOptions } from "../inputs/input-options.js";
import type { ProgramState } from "../program-state.js";
import type { ContextView } from "../reports/format-context-report.js";

/** `promptstack context list|detail`: what each input contributes, like `/context list|detail`. */
export function registerContextCommand(program: Command, io: CliIo, state: ProgramState): void {
  addInputOptions(
    program
      .command("context")
      .description("show what each file, skill, tool schema and section adds to the prompt")
      .addArgument(new Argument("<view>", "list or detail").choices(["list", "detail"])),
  ).action(async (view: ContextView, options: InputOptions) => {
    const { runContextCommand } = await import("./run-context-command.js");
    const { withConfiguredWorkspace } = await import("../inputs/with-configured-workspace.js");
    await runContextCommand(view, await withConfiguredWorkspace(options, io), io, state);
  });
}
