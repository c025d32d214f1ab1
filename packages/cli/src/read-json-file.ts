import { readFile } from "node:fs/promises";
import { CliError } from "./cli-error.js";
import type { CliErrorCode } from "./cli-error.js";

function describeJsonSyntaxError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  if (position === null) return message;
  const offset = Number(position[1]);
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `${message.replace(/ in JSON at position \d+.*$/, "")} at line ${line}, column ${column}`;
}

/**
 * Reads and parses a JSON file. A missing file and a syntax error become `CliError`s that name
 * the file (and line and column), with `code` for the syntax case.
 */
export async function readJsonFile(
  path: string,
  displayPath: string,
  code: CliErrorCode,
  what: string,
): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT" ? "does not exist" : "cannot be read";
    throw new CliError("CLI_FILE_MISSING", `${what} file ${displayPath} ${reason}.`, {
      path: displayPath,
      hint: `Check the path, or leave the flag out to use the default ${what}.`,
      cause: error,
    });
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, "")) as unknown;
  } catch (error) {
    throw new CliError(
      code,
      `${what} file ${displayPath} is not valid JSON: ${describeJsonSyntaxError(text, error)}.`,
      { path: displayPath, hint: "Fix the JSON syntax at that position.", cause: error },
    );
  }
}
