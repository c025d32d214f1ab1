import { CommanderError } from "commander";
import { PromptstackError } from "@promptstack/core";
import type { CliIo } from "./cli-io.js";
import { createProgram } from "./create-program.js";
import { createLazyTokenCounter } from "./inputs/create-lazy-token-counter.js";
import { formatErrorMessage } from "./output/format-error-message.js";
import type { ProgramState } from "./program-state.js";

/** Exit status: success. */
export const EXIT_OK = 0;
/** Exit status: internal error (a bug); stack trace with `--debug`. */
export const EXIT_INTERNAL = 1;
/** Exit status: usage error or invalid input (config, facts, missing workspace). */
export const EXIT_USAGE = 2;

/**
 * Runs the CLI for `argv` (without `node` and the script path) and resolves to the exit status.
 * Never throws and never calls `process.exit`, so tests can run it in-process.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const state: ProgramState = {
    exitCode: EXIT_OK,
    tokenCounter: createLazyTokenCounter(io.createTokenCounter),
  };
  const program = createProgram(io, state);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return state.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version") {
        return EXIT_OK;
      }
      // Commander has already printed its message through io.stderr.
      return EXIT_USAGE;
    }
    if (PromptstackError.isInstance(error)) {
      io.stderr(`${formatErrorMessage(error)}\n`);
      return EXIT_USAGE;
    }
    const debug = argv.includes("--debug");
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`promptstack: internal error: ${message}\n`);
    if (!debug) {
      io.stderr("Run again with --debug for the stack trace, and report it as a bug.\n");
    } else if (error instanceof Error && error.stack !== undefined) {
      io.stderr(`${error.stack}\n`);
    }
    return EXIT_INTERNAL;
  }
}
