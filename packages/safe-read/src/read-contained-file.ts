// The one safe-open path for files found by a walk (workspace files, skills): open with
// O_NOFOLLOW | O_NONBLOCK, check the open handle (regular file, real path inside the root, same
// file as the lstat), read at most a bounded head and tail, never trusting a check made before
// the open.
import { constants } from "node:fs";
import type { Stats } from "node:fs";
import { lstat, open, readlink, realpath, stat } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { isAbsolute, relative, sep } from "node:path";
import { describeFileKind, readFully } from "./read-bounded-file.js";

/** Options of `readContainedFile`. */
export interface ReadContainedFileOptions {
  /** Path of the file as the walk found it (absolute). */
  readonly filePath: string;
  /** Real path of the folder the file must resolve inside. */
  readonly rootRealPath: string;
  /** Most bytes read from the start of the file. */
  readonly headBytes: number;
  /** When the file is larger than `headBytes + tailBytes`, also read this many from its end. */
  readonly tailBytes?: number;
}

/** Why `readContainedFile` refused a file. */
export type ContainedFileRefusal =
  "broken-link" | "outside-root" | "not-regular" | "changed" | "unreadable";

/** Outcome of `readContainedFile`. `size` is the size of the open file, not the bytes read. */
export type ReadContainedFileResult =
  | {
      readonly kind: "ok";
      readonly head: Uint8Array;
      readonly tail: Uint8Array | undefined;
      readonly size: number;
      readonly mtimeMs: number;
    }
  | { readonly kind: "missing" }
  | {
      readonly kind: "refused";
      readonly reason: ContainedFileRefusal;
      /** Error code, kind of file, or the outside real path, for the diagnostic. */
      readonly detail: string;
    };

/** Absolute ceiling on one read, whatever the caller asks: 64 MiB. */
export const CONTAINED_READ_CEILING_BYTES = 64 * 1024 * 1024;

/** A `.` or `..` segment, which only `relative` below can judge. */
const DOT_SEGMENT = /(?:^|[\\/])\.\.?(?:[\\/]|$)/;
/** A character that is not a separator: a rest without one names the root itself. */
const NAME_CHARACTER = /[^\\/]/;

/** True when real path `target` is `root` or lies below it (both already real paths). */
export function isInsideRoot(root: string, target: string): boolean {
  if (target === root) return true;
  // The common case without `relative`, which resolves both paths again (tens of microseconds
  // each while Node's path code is still cold, per file read): `root`, a separator, then a rest
  // that names something and has no dot segment. Anything else, a case-insensitive match on
  // Windows included, takes the full check.
  if (target.startsWith(root) && (root.endsWith(sep) || target[root.length] === sep)) {
    const rest = target.slice(root.length);
    if (NAME_CHARACTER.test(rest) && !DOT_SEGMENT.test(rest)) return true;
  }
  const rel = relative(root, target);
  return rel !== "" && !isAbsolute(rel) && rel !== ".." && !rel.startsWith(`..${sep}`);
}

function errorCode(error: unknown): string {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = error.code;
    if (typeof code === "string") return code;
  }
  return "an unknown error";
}

function refused(reason: ContainedFileRefusal, detail: string): ReadContainedFileResult {
  return { kind: "refused", reason, detail };
}

// Where the open descriptor really points. On Linux `/proc/self/fd/<fd>` names the opened
// inode's current path, so no swap before the open can fool it. Elsewhere the path is resolved
// again and must still lead to the same inode: this narrows the window to the instant between
// the open and the second resolve but cannot close it (Node has no F_GETPATH).
async function realPathOfDescriptor(
  handle: FileHandle,
  openedPath: string,
  opened: Stats,
): Promise<string | undefined> {
  if (process.platform === "linux") {
    try {
      const link = await readlink(`/proc/self/fd/${handle.fd}`);
      return link.startsWith("/") && !link.endsWith(" (deleted)") ? link : undefined;
    } catch {
      // /proc not mounted: fall through to the portable check.
    }
  }
  try {
    const again = await realpath(openedPath);
    const againStats = await stat(again);
    return againStats.ino === opened.ino && againStats.dev === opened.dev ? again : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens a file found by a walk without following a final symlink and without blocking
 * (`O_NOFOLLOW | O_NONBLOCK`), then verifies the open descriptor itself: a regular file whose
 * real path lies inside `rootRealPath`. Checks made before the open only pick the path to open
 * and shape messages; they are never trusted. Reads at most `headBytes` (+ `tailBytes`) bytes,
 * each capped at `CONTAINED_READ_CEILING_BYTES`; never allocates by file size.
 */
export async function readContainedFile(
  options: ReadContainedFileOptions,
): Promise<ReadContainedFileResult> {
  const { filePath, rootRealPath } = options;
  const headBytes = Math.max(
    0,
    Math.min(Math.floor(options.headBytes), CONTAINED_READ_CEILING_BYTES),
  );
  const tailBytes = Math.max(
    0,
    Math.min(Math.floor(options.tailBytes ?? 0), CONTAINED_READ_CEILING_BYTES),
  );
  let linkStats: Stats;
  try {
    linkStats = await lstat(filePath);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    return refused("unreadable", code);
  }
  let resolved: string;
  try {
    resolved = await realpath(filePath);
  } catch (error) {
    return refused(linkStats.isSymbolicLink() ? "broken-link" : "unreadable", errorCode(error));
  }
  // Early refusals so an outside file or a socket is never even opened; the descriptor checks
  // below are the ones that hold against a swap.
  if (!isInsideRoot(rootRealPath, resolved)) return refused("outside-root", resolved);
  try {
    const target = await stat(resolved);
    if (!target.isFile()) return refused("not-regular", describeFileKind(target));
  } catch (error) {
    return refused("unreadable", errorCode(error));
  }
  let handle: FileHandle;
  try {
    handle = await open(
      resolved,
      constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW | (constants.O_NOCTTY ?? 0),
    );
  } catch (error) {
    const code = errorCode(error);
    // ELOOP: the last component became a symlink after the resolve.
    return code === "ELOOP" ? refused("changed", code) : refused("unreadable", code);
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) return refused("not-regular", describeFileKind(opened));
    const real = await realPathOfDescriptor(handle, resolved, opened);
    if (real === undefined) return refused("changed", "the file moved while it was opened");
    if (!isInsideRoot(rootRealPath, real)) return refused("outside-root", real);
    const size = opened.size;
    const partial = tailBytes > 0 && size > headBytes + tailBytes;
    // A file that fits both windows is read whole; `size` only ever shrinks the buffer.
    const headBuffer = Buffer.alloc(partial ? headBytes : Math.min(size, headBytes + tailBytes));
    const head = headBuffer.subarray(0, await readFully(handle, headBuffer, 0));
    let tail: Uint8Array | undefined;
    if (partial) {
      const tailBuffer = Buffer.alloc(tailBytes);
      tail = tailBuffer.subarray(0, await readFully(handle, tailBuffer, size - tailBytes));
    }
    return { kind: "ok", head, tail, size, mtimeMs: opened.mtimeMs };
  } catch (error) {
    return refused("unreadable", errorCode(error));
  } finally {
    await handle.close();
  }
}
