import { fstatSync, writeSync } from "node:fs";
import { createRequire } from "node:module";

/** What of Node's stream an output uses (`process.stdout`, `process.stderr`). */
export interface OutputStream {
  write(chunk: string | Uint8Array, done?: () => void): unknown;
}

/** One output of the process (stdout or stderr). */
export interface ProcessOutput {
  /** Whether the output is an interactive terminal. */
  readonly isTerminal: boolean;
  readonly write: (text: string) => void;
  /** Calls `done` once everything written has been handed to the OS. */
  readonly flush: (done: () => void) => void;
}

/**
 * `isatty(fd)` without loading `node:tty` (and with it `net` and Node's streams) for an output
 * that cannot be a terminal: only a character device can.
 */
function isTerminal(fd: number): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  const { isatty } = createRequire(import.meta.url)("node:tty") as typeof import("node:tty");
  return isatty(fd);
}

/**
 * The output on `fd`, written with `writeSync` while that works, without creating Node's stream
 * for it (`process.stdout` on a pipe loads `net` and its streams: about 5 ms of a start). The
 * first failed write (a non-blocking pipe that is full, a closed pipe, a full disk) hands the rest
 * of that text, and every later one, to the stream, which then does what Node always did. A
 * terminal, and every output on Windows, goes through the stream from the start.
 */
export function discoverProcessOutput(
  fd: number,
  stream: () => OutputStream,
  // Injected by tests: a partial write, a full pipe, a terminal.
  write: (fd: number, bytes: Uint8Array, offset: number, length: number) => number = writeSync,
  terminal: boolean = isTerminal(fd),
): ProcessOutput {
  let streamed = terminal || process.platform === "win32";
  return {
    isTerminal: terminal,
    write: (text) => {
      if (streamed) {
        stream().write(text);
        return;
      }
      const bytes = Buffer.from(text, "utf8");
      let written = 0;
      try {
        while (written < bytes.length) {
          written += write(fd, bytes, written, bytes.length - written);
        }
      } catch {
        streamed = true;
        stream().write(bytes.subarray(written));
      }
    },
    // Synchronous writes have left already; a stream's are flushed when an empty write calls back.
    flush: (done) => {
      if (streamed) stream().write("", done);
      else done();
    },
  };
}
