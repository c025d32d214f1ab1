// The one bounded read of a file the user named by path (a config file, a facts file): open
// without blocking, check the open handle, read at most one byte past the cap.
import { constants } from "node:fs";
import type { Stats } from "node:fs";
import { open } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";

/** Why `readBoundedFile` refused a file. */
export type BoundedFileRefusal = "not-regular" | "too-large" | "changed" | "unreadable";

/** Outcome of `readBoundedFile`. */
export type ReadBoundedFileResult =
  | { readonly kind: "ok"; readonly bytes: Uint8Array }
  | { readonly kind: "missing"; readonly code: string }
  | {
      readonly kind: "refused";
      readonly reason: BoundedFileRefusal;
      /** The kind of file (`a directory`, `a FIFO`, ...), the error code, or the cap. */
      readonly detail: string;
      readonly cause?: unknown;
    };

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "an unknown error";
}

/** What a non-regular file is, in words for a message (shared with readContainedFile). */
export function describeFileKind(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSymbolicLink()) return "a symlink";
  return "not a regular file";
}

/**
 * Reads into `buffer` from `position` until it is full or the file ends; the bytes read (shared
 * with readContainedFile).
 */
export async function readFully(
  handle: FileHandle,
  buffer: Buffer,
  position: number,
): Promise<number> {
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(
      buffer,
      filled,
      buffer.length - filled,
      position + filled,
    );
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}

/**
 * Reads a whole file of at most `maxBytes` bytes. Opens it with `O_NONBLOCK` (a FIFO never blocks
 * the open), refuses anything the open handle shows is not a regular file, and reads through that
 * handle at most one byte past the cap, so a file that grows after the size check is still
 * refused as `too-large`. Never allocates by file size beyond `maxBytes + 1`. Never throws for a
 * file-system problem: every outcome is a value the caller turns into its own error.
 */
export async function readBoundedFile(
  path: string,
  maxBytes: number,
): Promise<ReadBoundedFileResult> {
  const cap = Math.max(0, Math.floor(maxBytes));
  let handle: FileHandle;
  try {
    handle = await open(
      path,
      constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0),
    );
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing", code };
    if (code === "EISDIR") return { kind: "refused", reason: "not-regular", detail: "a directory" };
    return { kind: "refused", reason: "unreadable", detail: code, cause: error };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      return { kind: "refused", reason: "not-regular", detail: describeFileKind(stats) };
    }
    if (stats.size > cap) return { kind: "refused", reason: "too-large", detail: String(cap) };
    // One byte past the size the handle reported: more than that means the file grew while
    // it was read, and what was read is not the whole file.
    const buffer = Buffer.alloc(stats.size + 1);
    const filled = await readFully(handle, buffer, 0);
    if (filled > stats.size) {
      return { kind: "refused", reason: "changed", detail: "the file grew while it was read" };
    }
    return { kind: "ok", bytes: buffer.subarray(0, filled) };
  } catch (error) {
    const code = errorCode(error);
    if (code === "EISDIR") return { kind: "refused", reason: "not-regular", detail: "a directory" };
    return { kind: "refused", reason: "unreadable", detail: code, cause: error };
  } finally {
    await handle.close();
  }
}
