import type { CliIo } from "../src/cli-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

/** An in-memory `CliIo` that collects stdout and stderr. */
export function createTestIo(overrides: Partial<CliIo> = {}): CliIo & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
    isTTY: false,
    env: {},
    cwd: REPO_ROOT,
    ...overrides,
  };
  return io;
}
