import type { CliIo } from "./cli-io.js";

/**
 * The real process as a `CliIo`. Relative paths resolve against the working directory, except
 * under the repository's own `pnpm promptstack …` script, which runs from the repository root:
 * there `INIT_CWD` says where the user typed the command. Any other inherited `INIT_CWD` (a shell
 * or tool started from some package script) is ignored.
 */
export function createProcessIo(): CliIo {
  const initCwd =
    process.env["npm_lifecycle_event"] === "promptstack" ? process.env["INIT_CWD"] : undefined;
  return {
    stdout: (text) => {
      process.stdout.write(text);
    },
    stderr: (text) => {
      process.stderr.write(text);
    },
    isTTY: process.stdout.isTTY === true,
    env: process.env,
    cwd: initCwd !== undefined && initCwd !== "" ? initCwd : process.cwd(),
  };
}
