import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import { addInputOptions } from "../inputs/input-options.js";
import type { InputOptions } from "../inputs/input-options.js";
import type { ProgramState } from "../program-state.js";

/** `promptstack render`: the prompt as text, or the `--json` contract. */
export function registerRenderCommand(program: Command, io: CliIo, state: ProgramState): void {
  addInputOptions(
    program
      .command("render")
      .description("render the system prompt (default: the demo workspace and its facts)"),
  ).action(async (options: InputOptions) => {
    const { runRenderCommand } = await import("./run-render-command.js");
    const { withConfiguredWorkspace } = await import("../inputs/with-configured-workspace.js");
    await runRenderCommand(await withConfiguredWorkspace(options, io), io, state);
  });
}
