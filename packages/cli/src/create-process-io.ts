import type { CliIo } from "./cli-io.js";
import { discoverProcessOutput } from "./discover-process-output.js";

/** The real process's `CliIo`, and how to wait until what it wrote has left. */
export interface ProcessIo extends CliIo {
  /** Calls `done` once everything written to stdout and stderr has been handed to the OS. */
  readonly flush: (done: () => void) => void;
}

/**
 * The real process as a `CliIo`. Relative paths resolve against the working directory, except
 * under the repository's own `pnpm promptstack …` script, which runs from the repository root:
 * there `INIT_CWD` says where the user typed the command. Any other inherited `INIT_CWD` (a shell
 * or tool started from some package script) is ignored.
 */
export function createProcessIo(): ProcessIo {
  const initCwd =
    process.env["npm_lifecycle_event"] === "promptstack" ? process.env["INIT_CWD"] : undefined;
  const stdout = discoverProcessOutput(1, () => process.stdout);
  const stderr = discoverProcessOutput(2, () => process.stderr);
  return {
    stdout: stdout.write,
    stderr: stderr.write,
    flush: (done) => stdout.flush(() => stderr.flush(done)),
    isTTY: stdout.isTerminal,
    env: process.env,
    cwd: initCwd !== undefined && initCwd !== "" ? initCwd : process.cwd(),
  };
}
