import type { CliIo } from "./cli-io.js";

/**
 * The real process as a `CliIo`. Relative paths resolve against `INIT_CWD` when set, because
 * `pnpm promptstack …` runs the script from the repository root, not from where the user typed it.
 */
export function createProcessIo(): CliIo {
  const initCwd = process.env["INIT_CWD"];
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
