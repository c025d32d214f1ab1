import { constants } from "node:fs";
import type { Stats } from "node:fs";
import { lstat, open, realpath, stat } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { basename, sep } from "node:path";
import type { Diagnostic } from "@promptstack/renderer";
import type { BootstrapReadWindow } from "./bootstrap-types.js";
import { normalizeBootstrapText } from "./normalize-bootstrap-text.js";

/** Options of `readBootstrapFile`. */
export interface ReadBootstrapFileOptions {
  /** Absolute path of the file to read. */
  readonly filePath: string;
  /** Real path of the folder the file must resolve inside (symlinks included). */
  readonly rootRealPath: string;
  /** Most chars any budget can inject from this file; bounds the bytes read. */
  readonly maxChars: number;
}

/** Outcome of `readBootstrapFile`. */
export type ReadBootstrapFileResult =
  | {
      readonly kind: "ok";
      readonly content: string;
      readonly window?: BootstrapReadWindow;
      readonly rawBytes: number;
      readonly diagnostics: readonly Diagnostic[];
    }
  | { readonly kind: "missing" }
  | { readonly kind: "skipped"; readonly reason: string; readonly diagnostic: Diagnostic };

/** UTF-8 needs at most 3 bytes per UTF-16 unit; a little slack covers a BOM and a cut sequence. */
const BYTES_PER_CHAR = 3;
const READ_SLACK_BYTES = 16;

function errorCode(error: unknown): string {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = error.code;
    if (typeof code === "string") return code;
  }
  return "an unknown error";
}

/** Internal: true when real path `target` is `root` or lies below it. */
export function isInside(root: string, target: string): boolean {
  if (target === root) return true;
  const prefix = root.endsWith(sep) ? root : root + sep;
  return target.startsWith(prefix);
}

function describeKind(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a regular file";
}

function skipped(
  reason: string,
  code: string,
  message: string,
  path: string,
  hint: string,
): ReadBootstrapFileResult {
  return {
    kind: "skipped",
    reason,
    diagnostic: { code, severity: "warning", message, path, hint },
  };
}

async function readFully(handle: FileHandle, buffer: Buffer, position: number): Promise<number> {
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

function decodeUtf8(
  bytes: Uint8Array,
  options: { readonly stream: boolean; readonly ignoreBOM: boolean },
): { readonly text: string; readonly invalid: boolean } {
  // Fatal first so invalid input is detected; `stream` holds back a sequence cut by the read
  // window instead of reporting it as invalid.
  try {
    const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: options.ignoreBOM });
    return { text: fatal.decode(bytes, { stream: options.stream }), invalid: false };
  } catch {
    const lenient = new TextDecoder("utf-8", { ignoreBOM: options.ignoreBOM });
    return { text: lenient.decode(bytes, { stream: options.stream }), invalid: true };
  }
}

function skipContinuationBytes(bytes: Uint8Array): number {
  let start = 0;
  while (start < 3 && start < bytes.length && ((bytes[start] ?? 0) & 0xc0) === 0x80) start += 1;
  return start;
}

/**
 * Reads one bootstrap file safely: stays inside `rootRealPath` (symlinks resolved), skips
 * non-regular files without blocking, reads at most what the budgets can use (head and tail of
 * a large file), skips binary content, repairs invalid UTF-8 with a diagnostic, strips a BOM and
 * turns CRLF into LF. The only module that opens bootstrap files for reading.
 */
export async function readBootstrapFile(
  options: ReadBootstrapFileOptions,
): Promise<ReadBootstrapFileResult> {
  const { filePath, rootRealPath } = options;
  const name = basename(filePath);
  try {
    await lstat(filePath);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    return skipped(
      "unreadable",
      "BOOTSTRAP_FILE_UNREADABLE",
      `${name} could not be inspected (${code}); skipped.`,
      filePath,
      "Check the file's permissions.",
    );
  }
  let resolved: string;
  try {
    resolved = await realpath(filePath);
  } catch (error) {
    return skipped(
      "broken symlink",
      "BOOTSTRAP_FILE_BROKEN_LINK",
      `${name} is a symlink that cannot be resolved (${errorCode(error)}); skipped.`,
      filePath,
      "Point the symlink at an existing file inside the workspace, or replace it with a file.",
    );
  }
  if (!isInside(rootRealPath, resolved)) {
    return skipped(
      "outside workspace",
      "BOOTSTRAP_FILE_OUTSIDE_WORKSPACE",
      `${name} resolves to ${resolved}, outside ${rootRealPath}; skipped.`,
      filePath,
      "Bootstrap files must live inside the workspace: replace the symlink with a regular file.",
    );
  }
  const notRegular = (stats: Stats): ReadBootstrapFileResult =>
    skipped(
      "not a regular file",
      "BOOTSTRAP_FILE_NOT_REGULAR",
      `${name} is ${describeKind(stats)}, not a regular file; skipped.`,
      filePath,
      "Replace it with a regular text file.",
    );
  let pathStats: Stats;
  let handle: FileHandle;
  try {
    pathStats = await stat(resolved);
    if (!pathStats.isFile()) return notRegular(pathStats);
    // O_NONBLOCK: a file swapped for a FIFO after the check must not block the open.
    // O_NOFOLLOW: the resolved path must not become a symlink between the check and the open.
    handle = await open(resolved, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    return skipped(
      "unreadable",
      "BOOTSTRAP_FILE_UNREADABLE",
      `${name} could not be opened (${errorCode(error)}); skipped.`,
      filePath,
      "Check the file's permissions.",
    );
  }
  try {
    const handleStats = await handle.stat();
    if (!handleStats.isFile()) return notRegular(handleStats);
    if (handleStats.ino !== pathStats.ino || handleStats.dev !== pathStats.dev) {
      return skipped(
        "changed while reading",
        "BOOTSTRAP_FILE_CHANGED",
        `${name} was replaced while it was being read; skipped for this turn.`,
        filePath,
        "Retry; the next turn reads the new file.",
      );
    }
    return await readContent(handle, handleStats.size, options, name);
  } finally {
    await handle.close();
  }
}

async function readContent(
  handle: FileHandle,
  size: number,
  options: ReadBootstrapFileOptions,
  name: string,
): Promise<ReadBootstrapFileResult> {
  const windowBytes = options.maxChars * BYTES_PER_CHAR + READ_SLACK_BYTES;
  const partial = size > 2 * windowBytes;
  let head: Uint8Array;
  let tail: Uint8Array | undefined;
  if (partial) {
    const headBuffer = Buffer.alloc(windowBytes);
    const tailBuffer = Buffer.alloc(windowBytes);
    head = headBuffer.subarray(0, await readFully(handle, headBuffer, 0));
    tail = tailBuffer.subarray(0, await readFully(handle, tailBuffer, size - windowBytes));
  } else {
    const buffer = Buffer.alloc(size);
    head = buffer.subarray(0, await readFully(handle, buffer, 0));
  }
  if (head.includes(0) || (tail?.includes(0) ?? false)) {
    return skipped(
      "binary",
      "BOOTSTRAP_FILE_BINARY",
      `${name} contains NUL bytes and looks binary; skipped.`,
      options.filePath,
      "Bootstrap files must be UTF-8 text.",
    );
  }
  const headText = decodeUtf8(head, { stream: partial, ignoreBOM: false });
  const tailText =
    tail === undefined
      ? undefined
      : decodeUtf8(tail.subarray(skipContinuationBytes(tail)), { stream: false, ignoreBOM: true });
  const diagnostics: Diagnostic[] = [];
  if (headText.invalid || (tailText?.invalid ?? false)) {
    diagnostics.push({
      code: "BOOTSTRAP_FILE_INVALID_UTF8",
      severity: "warning",
      message: `${name} is not valid UTF-8; invalid bytes were replaced with U+FFFD.`,
      path: options.filePath,
      hint: "Re-save the file as UTF-8.",
    });
  }
  const headContent = normalizeBootstrapText(headText.text);
  if (tailText === undefined || tail === undefined) {
    return { kind: "ok", content: headContent, rawBytes: size, diagnostics };
  }
  const tailContent = normalizeBootstrapText(tailText.text);
  const unreadBytes = Math.max(0, size - head.length - tail.length);
  return {
    kind: "ok",
    content: headContent + tailContent,
    window: {
      rawChars: headContent.length + tailContent.length + unreadBytes,
      gapAt: headContent.length,
    },
    rawBytes: size,
    diagnostics,
  };
}
