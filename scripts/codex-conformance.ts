/**
 * Conformance of the adapter's params with the real Codex app-server (pinned @openai/codex).
 * Installs the pinned package through npm into `.tmp/`, starts `codex app-server` with a temp
 * CODEX_HOME and HOME, and sends every snapshot scenario's thread/start, thread/resume and
 * turn/start; then, per connection kind, one thread across three turns with changing facts and a
 * resume after a restart (thread params must stay byte-identical), and the CLI's
 * `render --harness codex --json` params as printed. A JSON-RPC error -32600 (Invalid request)
 * fails; turn errors caused by having no model access are fine.
 */
import { spawn, spawnSync } from "node:child_process";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { PINNED_CODEX_VERSION } from "@promptstack/harness-codex";

export { PINNED_CODEX_VERSION };

/** One request to send and how to judge its answer. */
export interface ConformanceCase {
  readonly name: string;
  readonly method: "thread/start" | "thread/resume" | "turn/start";
  /** Params; `threadId` is filled from the scenario's thread/start answer when `"$thread"`. */
  readonly params: Record<string, unknown>;
}

/** The outcome of one case. */
export interface ConformanceResult {
  readonly name: string;
  readonly passed: boolean;
  readonly detail: string;
}

/** A JSON-RPC answer, reduced to what judging needs. */
export interface JsonRpcAnswer {
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string };
}

/**
 * Judges one answer: a result passes; -32600 / "Invalid request" and -32602 fail (the params
 * were rejected); any other error passes as long as it is not about the params (e.g. no model
 * access). No answer within the timeout fails.
 */
export function judgeConformanceAnswer(
  name: string,
  answer: JsonRpcAnswer | undefined,
): ConformanceResult {
  if (answer === undefined) return { name, passed: false, detail: "no answer before the timeout" };
  if (answer.error === undefined) return { name, passed: true, detail: "accepted" };
  const { code, message } = answer.error;
  const rejected = code === -32600 || code === -32602 || /invalid request/i.test(message);
  return {
    name,
    passed: !rejected,
    detail: `${rejected ? "rejected" : "accepted (runtime error)"}: ${code} ${message}`,
  };
}

/** The one summary line CI reads. */
export function formatConformanceSummary(results: readonly ConformanceResult[]): string {
  const passed = results.filter((result) => result.passed).length;
  return `${passed} passed, ${results.length - passed} failed`;
}

/** Path of the `codex` binary inside the install prefix. */
export function toCodexBinaryPath(prefix: string): string {
  return join(prefix, "node_modules", ".bin", "codex");
}

/** Installs the pinned @openai/codex into `prefix` through npm unless it is already there. */
export function installCodexCli(prefix: string, version: string = PINNED_CODEX_VERSION): string {
  const binary = toCodexBinaryPath(prefix);
  if (existsSync(binary)) {
    const probe = spawnSync(binary, ["--version"], { encoding: "utf8" });
    if (probe.status === 0 && probe.stdout.includes(version)) return binary;
  }
  const npm = spawnSync(
    "npm",
    ["install", "--prefix", prefix, "--no-audit", "--no-fund", `@openai/codex@${version}`],
    { encoding: "utf8", stdio: ["ignore", "inherit", "inherit"] },
  );
  if (npm.status !== 0 || !existsSync(binary)) {
    throw new Error(`npm could not install @openai/codex@${version} into ${prefix}.`);
  }
  return binary;
}

/** A minimal JSON-RPC client over a child's stdio, with per-request timeouts. */
export class AppServerClient {
  private readonly pending = new Map<number, (answer: JsonRpcAnswer) => void>();
  private nextId = 1;
  private buffer = "";

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => this.onData(chunk));
  }

  request(method: string, params: unknown, timeoutMs: number): Promise<JsonRpcAnswer | undefined> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(undefined);
      }, timeoutMs);
      this.pending.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      this.child.stdin.write(`${JSON.stringify({ id, method, params })}\n`);
    });
  }

  notify(method: string): void {
    this.child.stdin.write(`${JSON.stringify({ method })}\n`);
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let newline = this.buffer.indexOf("\n");
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      newline = this.buffer.indexOf("\n");
      let message: { id?: unknown; result?: unknown; error?: JsonRpcAnswer["error"] };
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        continue;
      }
      if (typeof message.id !== "number" || !("result" in message || "error" in message)) continue;
      const settle = this.pending.get(message.id);
      if (settle === undefined) continue;
      this.pending.delete(message.id);
      settle(message.error === undefined ? { result: message.result } : { error: message.error });
    }
  }
}

/** Sends the cases through a running app-server; thread ids chain per scenario. */
export async function runConformanceCases(
  client: AppServerClient,
  cases: readonly ConformanceCase[],
  timeoutMs: number,
): Promise<ConformanceResult[]> {
  const results: ConformanceResult[] = [];
  const init = await client.request(
    "initialize",
    {
      clientInfo: { name: "promptstack-conformance", version: PINNED_CODEX_VERSION },
      capabilities: { experimentalApi: true },
    },
    timeoutMs,
  );
  results.push(judgeConformanceAnswer("initialize", init));
  client.notify("initialized");
  let threadId: string | undefined;
  for (const testCase of cases) {
    const params = { ...testCase.params };
    if (params["threadId"] === "$thread") {
      if (threadId === undefined) {
        results.push({ name: testCase.name, passed: false, detail: "no thread to address" });
        continue;
      }
      params["threadId"] = threadId;
    }
    let answer = await client.request(testCase.method, params, timeoutMs);
    // The rollout a resume needs is persisted asynchronously after turn/start; wait for it.
    for (let attempt = 0; attempt < 20 && isMissingRollout(testCase, answer); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await client.request(testCase.method, params, timeoutMs);
    }
    if (testCase.method === "thread/start") threadId = readThreadId(answer);
    results.push(judgeConformanceAnswer(testCase.name, answer));
  }
  return results;
}

function isMissingRollout(testCase: ConformanceCase, answer: JsonRpcAnswer | undefined): boolean {
  return (
    testCase.method === "thread/resume" && /no rollout found/i.test(answer?.error?.message ?? "")
  );
}

function readThreadId(answer: JsonRpcAnswer | undefined): string | undefined {
  const result = answer?.result as { thread?: { id?: unknown } } | undefined;
  return typeof result?.thread?.id === "string" ? result.thread.id : undefined;
}

async function main(): Promise<number> {
  const started = Date.now();
  const root = fileURLToPath(new URL("..", import.meta.url));
  const binary = installCodexCli(join(root, ".tmp", `codex-${PINNED_CODEX_VERSION}`));
  const { buildConformanceCases } = await import("./prompt-snapshots.js");
  const home = mkdtempSync(join(tmpdir(), "promptstack-codex-home-"));
  const workDir = join(home, "work");
  mkdirSync(workDir);
  const { buildThreadConformance, buildCliConformanceCases } =
    await import("./codex-thread-conformance.js");
  const thread = await buildThreadConformance(root, workDir);
  const cases = [
    ...(await buildConformanceCases(root, workDir)),
    ...thread.cases,
    ...buildCliConformanceCases(root),
  ];
  const child = spawn(binary, ["app-server"], {
    cwd: home,
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home, CODEX_HOME: home },
    stdio: ["pipe", "pipe", "pipe"],
    // Own process group, so the app-server and any helper it spawned are killed together.
    detached: true,
  });
  child.stderr.resume();
  try {
    const results = [
      ...thread.checks,
      ...(await runConformanceCases(new AppServerClient(child), cases, 20_000)),
    ];
    for (const result of results) {
      process.stdout.write(`${result.passed ? "ok  " : "FAIL"} ${result.name}: ${result.detail}\n`);
    }
    process.stdout.write(`codex ${PINNED_CODEX_VERSION}, ${Date.now() - started} ms\n`);
    process.stdout.write(`${formatConformanceSummary(results)}\n`);
    return results.every((result) => result.passed) ? 0 : 1;
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    try {
      rmSync(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      process.stderr.write(`codex conformance: could not remove ${home}\n`);
    }
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `codex conformance: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.stdout.write("0 passed, 1 failed\n");
      process.exit(1);
    },
  );
}
