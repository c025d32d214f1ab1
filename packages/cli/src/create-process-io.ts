import { fstatSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import type { CliIo } from "./cli-io.js";

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

/** The real process's `CliIo`, and how to wait until what it wrote has left. */
export interface ProcessIo extends CliIo {
  /** Calls `done` once everything written to stdout and stderr has been handed to the OS. */
  readonly flush: (done: () => void) => void;
}

/** What of Node's stream an output uses (`process.stdout`, `process.stderr`). */
export interface OutputStream {
  write(chunk: string | Uint8Array, done?: () => void): unknown;
}

/** One output stream of the process. */
export interface ProcessOutput {
  readonly write: (text: string) => void;
  readonly flush: (done: () => void) => void;
}

/**
 * Writes to `fd` with `writeSync` while that works, without creating Node's stream for it
 * (`process.stdout` on a pipe loads `net` and its streams: about 5 ms of a start). The first
 * failed write (a non-blocking pipe that is full, a closed pipe, a full disk) hands the rest of
 * that text, and every later one, to the stream, which then does what Node always did. A
 * terminal, and every output on Windows, goes through the stream from the start.
 */
export function createProcessOutput(
  fd: number,
  stream: () => OutputStream,
  // Injected by tests: a partial write, a full pipe.
  write: (fd: number, bytes: Uint8Array, offset: number, length: number) => number = writeSync,
  streamed = process.platform === "win32" || isTerminal(fd),
): ProcessOutput {
  return {
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

/**
 * The real process as a `CliIo`. Relative paths resolve against the working directory, except
 * under the repository's own `pnpm promptstack …` script, which runs from the repository root:
 * there `INIT_CWD` says where the user typed the command. Any other inherited `INIT_CWD` (a shell
 * or tool started from some package script) is ignored.
 */
export function createProcessIo(): ProcessIo {
  const initCwd =
    process.env["npm_lifecycle_event"] === "promptstack" ? process.env["INIT_CWD"] : undefined;
  const stdout = createProcessOutput(1, () => process.stdout);
  const stderr = createProcessOutput(2, () => process.stderr);
  return {
    stdout: stdout.write,
    stderr: stderr.write,
    flush: (done) => stdout.flush(() => stderr.flush(done)),
    isTTY: isTerminal(1),
    env: process.env,
    cwd: initCwd !== undefined && initCwd !== "" ? initCwd : process.cwd(),
  };
}
