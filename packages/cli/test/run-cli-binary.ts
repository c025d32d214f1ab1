import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Repository root: the CLI's child processes run from here. */
export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** What one run of the real binary produced. */
export interface BinaryResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `packages/cli/src/bin.ts` in a child Node process (through tsx), as a user would. */
export function runCliBinary(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<BinaryResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=@promptstack/source", "--import", "tsx", "packages/cli/src/bin.ts", ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "", INIT_CWD: "", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
