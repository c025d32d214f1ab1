import { readBoundedFile } from "@promptstack/safe-read";
import { CliError } from "../cli-error.js";
import type { CliErrorCode } from "../cli-error.js";

/** Largest JSON input read (facts, skill environment); real files are a few KB. */
export const MAX_JSON_FILE_BYTES = 16 * 1024 * 1024;

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
 * Reads and parses a JSON file. A missing, non-regular (folder, FIFO, device), oversized or
 * unreadable file become `CliError`s that name the file; text that is not UTF-8 and a syntax
 * error (with line and column) become `CliError`s with `code`. Never blocks on a FIFO, never
 * reads past `MAX_JSON_FILE_BYTES`.
 */
export async function readJsonFile(
  path: string,
  displayPath: string,
  code: CliErrorCode,
  what: string,
): Promise<unknown> {
  const fail = (reason: string, hint: string, cause?: unknown): never => {
    throw new CliError("CLI_FILE_MISSING", `${what} file ${displayPath} ${reason}.`, {
      path: displayPath,
      hint,
      ...(cause === undefined ? {} : { cause }),
    });
  };
  const defaultHint = `Check the path, or leave the flag out to use the default ${what}.`;
  const read = await readBoundedFile(path, MAX_JSON_FILE_BYTES);
  if (read.kind === "missing") return fail("does not exist", defaultHint);
  if (read.kind === "refused") {
    switch (read.reason) {
      case "not-regular":
        return read.detail === "a directory"
          ? fail("is a folder, not a file", defaultHint)
          : fail("is not a regular file", `Pass a JSON file as the ${what}.`);
      case "too-large":
        return fail(
          `is larger than ${MAX_JSON_FILE_BYTES} bytes`,
          `A ${what} file describes one run; shorten it.`,
        );
      case "changed":
        return fail("changed while it was read", "Run again once whatever writes it has finished.");
      case "unreadable":
        return fail(`cannot be read (${read.detail})`, defaultHint, read.cause);
    }
  }
  let text: string;
  try {
    // fatal: replacing bad bytes would silently change names, paths and descriptions.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(read.bytes);
  } catch (error) {
    throw new CliError(code, `${what} file ${displayPath} is not valid UTF-8 text.`, {
      path: displayPath,
      hint: "Re-save the file as UTF-8.",
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
