import { CliError } from "../cli-error.js";

// A name of the workspace folder itself: no separator, no dot-only name, no control character.
const PLAIN_FILE_NAME = /^(?!\.{1,2}$)[^/\\\p{Cc}]{1,255}$/u;

/** `--edit-file`: a plain file name of the workspace (`MEMORY.md`); a path is a `CLI_USAGE` error. */
export function parseEditFileOption(value: string): string {
  if (PLAIN_FILE_NAME.test(value)) return value;
  throw new CliError(
    "CLI_USAGE",
    `--edit-file ${JSON.stringify(value)} is not a plain file name of the workspace.`,
    {
      path: "--edit-file",
      hint: "Name a file directly in the workspace, without a folder: MEMORY.md (the default), AGENTS.md, SOUL.md, ...",
    },
  );
}
