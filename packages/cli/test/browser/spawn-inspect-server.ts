import { spawn } from "node:child_process";
import { REPO_ROOT } from "../run-cli-binary.js";

/** A `promptstack inspect --serve` child process. */
export interface InspectServerProcess {
  readonly url: string;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Sends SIGTERM and resolves to the exit code. */
  stop(): Promise<number | null>;
  /** Resolves to the exit code once the process has ended, however it ended. */
  exited(): Promise<number | null>;
}

/**
 * Starts `promptstack inspect --serve ...args` from source (through tsx), as a user would, and
 * resolves once it has printed its URL and its ready line; rejects if it exits first or takes
 * longer than `timeoutMs`.
 */
export function spawnInspectServer(
  args: readonly string[],
  timeoutMs = 30_000,
): Promise<InspectServerProcess> {
  const child = spawn(
    process.execPath,
    [
      "--conditions=@promptstack/source",
      "--import",
      "tsx",
      "packages/cli/src/bin.ts",
      "inspect",
      "--serve",
      ...args,
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: "1", INIT_CWD: "" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`inspect --serve not ready in ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`inspect --serve exited with ${code}:\n${stdout}\n${stderr}`));
    });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const url = /Serving (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout)?.[1];
      if (url === undefined || !stdout.includes("Press Ctrl-C to stop.")) return;
      clearTimeout(timer);
      resolve({
        url,
        stderr: () => stderr,
        exited: () => exited,
        stop: () => {
          child.kill("SIGTERM");
          return exited;
        },
      });
    });
  });
}
