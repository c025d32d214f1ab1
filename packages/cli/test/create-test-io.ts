import type { CliIo } from "../src/cli-io.js";
import { runCli } from "../src/run-cli.js";
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

/** Runs the CLI in process on a fresh `createTestIo`: its exit code and what it printed. */
export async function runCliCaptured(
  args: readonly string[],
  overrides: Partial<CliIo> = {},
): Promise<{ code: number; out: string; err: string }> {
  const io = createTestIo(overrides);
  const code = await runCli([...args], io);
  return { code, out: io.out, err: io.err };
}
