import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import type { Stats } from "node:fs";
import { lstat, mkdir, open, rename, unlink } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { CliError } from "../cli-error.js";

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "an unknown error";
}

function describeKind(stats: Stats): string {
  if (stats.isSymbolicLink()) return "a symbolic link";
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * Writes the page to `file`, creating its folder when needed, without ever writing through what
 * is at `file`: an existing entry must be a regular file (a symbolic link, FIFO, device or folder
 * there is refused, so a planted `prompt.html` link cannot aim the write elsewhere and a FIFO
 * cannot block it). The page goes to a new temp file in the same folder, opened with
 * `O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK`, and is renamed over `file`: the rename replaces
 * the entry itself, so a swap to a link after the check replaces the link, never its target.
 * Throws `CLI_OUTPUT_UNWRITABLE` naming the file.
 */
export async function writeInspectPage(file: string, html: string): Promise<void> {
  const unwritable = (why: string, hint: string, cause?: unknown): CliError =>
    new CliError("CLI_OUTPUT_UNWRITABLE", `Cannot write ${file}: ${why}.`, {
      path: "--out",
      hint,
      ...(cause === undefined ? {} : { cause }),
    });
  const folder = dirname(file);
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw unwritable(
      `its folder cannot be created (${errorCode(error)})`,
      "Pick another --out.",
      error,
    );
  }
  try {
    const stats = await lstat(file);
    if (!stats.isFile()) {
      throw unwritable(
        `it is ${describeKind(stats)}, and inspect writes only regular files`,
        "Remove it, or pick another --out.",
      );
    }
  } catch (error) {
    if (CliError.isInstance(error)) throw error;
    if (errorCode(error) !== "ENOENT") {
      throw unwritable(errorCode(error), "Pick another --out.", error);
    }
  }
  const temp = join(
    folder,
    `.${basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`,
  );
  let handle: FileHandle | undefined;
  try {
    handle = await open(
      temp,
      constants.O_WRONLY |
        constants.O_CREAT |
        constants.O_EXCL |
        (constants.O_NOFOLLOW ?? 0) |
        (constants.O_NONBLOCK ?? 0),
      0o644,
    );
    await handle.writeFile(html, "utf8");
    await handle.close();
    handle = undefined;
    await rename(temp, file);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    const code = errorCode(error);
    throw unwritable(
      code === "EISDIR" ? "it is a directory" : `the write failed (${code})`,
      "Check the folder is writable, or pick another --out.",
      error,
    );
  }
}
