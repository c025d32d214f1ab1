import { Command } from "commander";
import type { CliIo } from "./cli-io.js";
import { registerCacheLedgerCommand } from "./commands/cache-ledger-command.js";
import { registerCacheReportCommand } from "./commands/cache-report-command.js";
import { registerContextCommand } from "./commands/context-command.js";
import { registerDoctorCommand } from "./commands/doctor-command.js";
import { registerExplainCacheCommand } from "./commands/explain-cache-command.js";
import { registerRenderCommand } from "./commands/render-command.js";
import { registerSchemaCommand } from "./commands/schema-command.js";
import { registerInspectCommand } from "./inspect/inspect-command.js";
import { readCliVersion } from "./inputs/read-cli-version.js";
import type { ProgramState } from "./program-state.js";

/**
 * Builds the `promptstack` commander program; output goes to `io`, commander never exits. Only
 * the flags are declared here: each command's code is imported when that command runs.
 */
export function createProgram(io: CliIo, state: ProgramState): Command {
  const program = new Command("promptstack");
  program
    .description("Render, inspect and explain agent system prompts.")
    .version(readCliVersion(), "-V, --version")
    .option("--debug", "print stack traces of internal errors")
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
    })
    .exitOverride()
    .showHelpAfterError("(run with --help for usage)");
  registerRenderCommand(program, io, state);
  registerContextCommand(program, io, state);
  registerExplainCacheCommand(program, io, state);
  registerCacheReportCommand(program, io, state);
  registerCacheLedgerCommand(program, io);
  registerDoctorCommand(program, io, state);
  registerInspectCommand(program, io, state);
  registerSchemaCommand(program, io, state);
  return program;
}
