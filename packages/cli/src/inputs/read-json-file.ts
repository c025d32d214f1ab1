import { constants } from "node:fs";
import { open } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
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

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
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
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is rejected below.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const errno = errorCode(error);
    if (errno === "ENOENT" || errno === "ENOTDIR")
      return fail("does not exist", defaultHint, error);
    if (errno === "EISDIR") return fail("is a folder, not a file", defaultHint, error);
    return fail(`cannot be read (${errno ?? "unknown error"})`, defaultHint, error);
  }
  let text: string;
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) return fail("is a folder, not a file", defaultHint);
    if (!stats.isFile()) return fail("is not a regular file", `Pass a JSON file as the ${what}.`);
    if (stats.size > MAX_JSON_FILE_BYTES) {
      return fail(
        `is larger than ${MAX_JSON_FILE_BYTES} bytes`,
        `A ${what} file describes one run; shorten it.`,
      );
    }
    // Read at most one byte past the cap through the open handle: a file that grows after the
    // size check cannot make us read more.
    const buffer = Buffer.alloc(Math.min(stats.size, MAX_JSON_FILE_BYTES) + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled > MAX_JSON_FILE_BYTES) {
      return fail(
        `is larger than ${MAX_JSON_FILE_BYTES} bytes`,
        `A ${what} file describes one run; shorten it.`,
      );
    }
    try {
      // fatal: replacing bad bytes would silently change names, paths and descriptions.
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
        buffer.subarray(0, filled),
      );
    } catch (error) {
      throw new CliError(code, `${what} file ${displayPath} is not valid UTF-8 text.`, {
        path: displayPath,
        hint: "Re-save the file as UTF-8.",
        cause: error,
      });
    }
  } catch (error) {
    if (CliError.isInstance(error)) throw error;
    const errno = errorCode(error);
    if (errno === "EISDIR") return fail("is a folder, not a file", defaultHint, error);
    return fail(`cannot be read (${errno ?? "unknown error"})`, defaultHint, error);
  } finally {
    await handle.close();
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
