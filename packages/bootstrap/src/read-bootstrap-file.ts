import { basename } from "node:path";
import type { Diagnostic } from "@promptstack/core";
import type { BootstrapReadWindow } from "./bootstrap-types.js";
import { normalizeBootstrapText } from "./normalize-bootstrap-text.js";
import { readContainedFile } from "@promptstack/safe-read";
import type { ContainedFileRefusal } from "@promptstack/safe-read";

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

/**
 * Absolute ceiling on the characters read from one file, whatever the budgets say: a
 * schema-valid budget of 1e9 must not make the reader allocate gigabytes.
 */
export const BOOTSTRAP_READ_CEILING_CHARS = 2_000_000;

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
 * Reads one bootstrap file safely through `readContainedFile`: the open descriptor must be a
 * regular file inside `rootRealPath` (symlinks resolved, swaps after any check caught), opened
 * without blocking; reads at most what the budgets can use (head and tail of a large file, never
 * more than `BOOTSTRAP_READ_CEILING_CHARS` each), skips binary content, repairs invalid UTF-8
 * with a diagnostic, strips a BOM and turns CRLF into LF. The only module that opens bootstrap
 * files for reading.
 */
export async function readBootstrapFile(
  options: ReadBootstrapFileOptions,
): Promise<ReadBootstrapFileResult> {
  const { filePath, rootRealPath } = options;
  const name = basename(filePath);
  const windowChars = Math.max(1, Math.min(options.maxChars, BOOTSTRAP_READ_CEILING_CHARS));
  const windowBytes = windowChars * BYTES_PER_CHAR + READ_SLACK_BYTES;
  const read = await readContainedFile({
    filePath,
    rootRealPath,
    headBytes: windowBytes,
    tailBytes: windowBytes,
  });
  if (read.kind === "missing") return read;
  if (read.kind === "refused") return refusal(read.reason, read.detail, name, options);
  const { head, tail, size } = read;
  if (head.includes(0) || (tail?.includes(0) ?? false)) {
    return skipped(
      "binary",
      "BOOTSTRAP_FILE_BINARY",
      `${name} contains NUL bytes and looks binary; skipped.`,
      options.filePath,
      "Bootstrap files must be UTF-8 text.",
    );
  }
  const partial = tail !== undefined;
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
  // The tail starts mid-file: its decoder kept a leading U+FEFF (ignoreBOM), and so does this.
  const tailContent = normalizeBootstrapText(tailText.text, { startsFile: false });
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

function refusal(
  reason: ContainedFileRefusal,
  detail: string,
  name: string,
  options: ReadBootstrapFileOptions,
): ReadBootstrapFileResult {
  const { filePath, rootRealPath } = options;
  switch (reason) {
    case "broken-link":
      return skipped(
        "broken symlink",
        "BOOTSTRAP_FILE_BROKEN_LINK",
        `${name} is a symlink that cannot be resolved (${detail}); skipped.`,
        filePath,
        "Point the symlink at an existing file inside the workspace, or replace it with a file.",
      );
    case "outside-root":
      return skipped(
        "outside workspace",
        "BOOTSTRAP_FILE_OUTSIDE_WORKSPACE",
        `${name} resolves to ${detail}, outside ${rootRealPath}; skipped.`,
        filePath,
        "Bootstrap files must live inside the workspace: replace the symlink with a regular file.",
      );
    case "not-regular":
      return skipped(
        "not a regular file",
        "BOOTSTRAP_FILE_NOT_REGULAR",
        `${name} is ${detail}, not a regular file; skipped.`,
        filePath,
        "Replace it with a regular text file.",
      );
    case "changed":
      return skipped(
        "changed while reading",
        "BOOTSTRAP_FILE_CHANGED",
        `${name} was replaced while it was being read; skipped for this turn.`,
        filePath,
        "Retry; the next turn reads the new file.",
      );
    case "unreadable":
      return skipped(
        "unreadable",
        "BOOTSTRAP_FILE_UNREADABLE",
        `${name} could not be opened (${detail}); skipped.`,
        filePath,
        "Check the file's permissions.",
      );
  }
}
