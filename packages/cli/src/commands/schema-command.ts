import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import type { ProgramState } from "../program-state.js";

/** `promptstack schema [path]`: what a config key means, its type, default and constraints. */
export function registerSchemaCommand(program: Command, io: CliIo, _state: ProgramState): void {
  program
    .command("schema")
    .description("look up a config key: description, type, default, constraints")
    .argument(
      "[path]",
      "dotted config path, e.g. agents.defaults.bootstrapMaxChars (default: the root)",
    )
    .option("--json", "print JSON instead of text")
    .action(async (path: string | undefined, options: { json?: boolean }) => {
      const { runSchemaCommand } = await import("./run-schema-command.js");
      runSchemaCommand(path, options, io);
    });
}
