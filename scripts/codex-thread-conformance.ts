/**
 * The multi-turn part of `pnpm test:codex-conformance`: per connection kind one thread, three
 * turns with changing per-turn facts and a resume after a simulated restart, plus the CLI's
 * `render --harness codex --json` params sent exactly as printed.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import {
  PINNED_CODEX_VERSION,
  createCodexThreadSession,
  formatStableJson,
} from "@promptstack/harness-codex";
import { loadPromptSnapshotInputs } from "@promptstack-tools/prompt-snapshots";
import type { CodexConnectionKind, CodexThreadTurn } from "@promptstack/harness-codex";
import type { ConformanceCase, ConformanceResult } from "./codex-conformance.js";

const CONNECTIONS: readonly CodexConnectionKind[] = ["managed-stdio", "external", "desktop"];

/** Three turns of one conversation: the facts change, the thread does not. */
const TURN_FACTS = [
  { time: { date: "2026-11-30", time: "09:15", timeZone: "Europe/Lisbon" }, sender: "Sam (@sam)" },
  { time: { date: "2026-12-01", time: "08:02", timeZone: "Europe/Lisbon" }, sender: "Ana (@ana)" },
  { time: { date: "2026-12-01", time: "23:59", timeZone: "Asia/Tokyo" }, sender: "Kai (@kai)" },
] as const;

/** The thread cases and the local checks (thread params byte-identical across turns). */
export interface ThreadConformance {
  readonly cases: readonly ConformanceCase[];
  readonly checks: readonly ConformanceResult[];
}

/**
 * Builds, per connection kind, `thread/start` once, three `turn/start` with changing facts and a
 * `thread/resume` from a session rebuilt after a "restart" on the last turn's facts. The
 * workspace is `workDir` (absolute, real), so nothing in the params is patched afterwards.
 */
export async function buildThreadConformance(
  repoRoot: string,
  workDir: string,
): Promise<ThreadConformance> {
  const inputs = await loadPromptSnapshotInputs({ repoRoot, codexVersion: PINNED_CODEX_VERSION });
  const scenario = inputs.scenarios.find((candidate) => candidate.name === "telegram-direct");
  if (scenario?.codex === undefined) throw new Error("scenario telegram-direct has no codex part");
  const { userMessage: _userMessage, executionDir: _executionDir, ...planInput } = scenario.codex;
  const cases: ConformanceCase[] = [];
  const checks: ConformanceResult[] = [];
  for (const connection of CONNECTIONS) {
    const turns: CodexThreadTurn[] = TURN_FACTS.map((facts) => ({
      planInput: { ...planInput, connection, workspaceDir: workDir },
      rendererInput: {
        ...scenario.rendererInput,
        volatile: { ...scenario.rendererInput.volatile, ...facts },
        workspaceDir: workDir,
      },
    }));
    const [first, , last] = turns;
    if (first === undefined || last === undefined) throw new Error("three turns expected");
    const session = createCodexThreadSession({ turn: first });
    const start = formatStableJson(session.threadStart());
    const perTurn = turns.map((turn) =>
      formatStableJson(createCodexThreadSession({ turn }).threadStart()),
    );
    checks.push(
      judgeEqual(`${connection} thread/start params identical over 3 turns`, perTurn, start),
    );
    const restarted = createCodexThreadSession({ turn: last });
    checks.push(
      judgeEqual(
        `${connection} thread/resume after a restart identical`,
        [formatStableJson(restarted.threadResume("t"))],
        formatStableJson(session.threadResume("t")),
      ),
    );
    cases.push({
      name: `${connection} thread/start`,
      method: "thread/start",
      params: { ...session.threadStart() },
    });
    const inputsSeen = new Set<string>();
    turns.forEach((turn, index) => {
      const started = session.turnStart("$thread", turn, "What is on today?");
      inputsSeen.add(started.params.input[0]?.text ?? "");
      const drift = started.diagnostics.find((d) => d.code === "CODEX_THREAD_PARAMS_CHANGED");
      if (drift !== undefined)
        checks.push({
          name: `${connection} turn ${index + 1}`,
          passed: false,
          detail: drift.message,
        });
      cases.push({
        name: `${connection} turn/start ${index + 1}`,
        method: "turn/start",
        params: { ...started.params },
      });
    });
    checks.push({
      name: `${connection} turn inputs differ per turn`,
      passed: inputsSeen.size === turns.length,
      detail: `${inputsSeen.size} distinct turn inputs`,
    });
    cases.push({
      name: `${connection} thread/resume (restarted)`,
      method: "thread/resume",
      params: { ...restarted.threadResume("$thread") },
    });
  }
  return { cases, checks };
}

/**
 * The CLI's params exactly as `promptstack render --harness codex --json` prints them, per
 * connection kind. Only the placeholder thread id `$thread` is bound to the real thread, which
 * the CLI cannot know.
 */
export function buildCliConformanceCases(repoRoot: string): ConformanceCase[] {
  const cases: ConformanceCase[] = [];
  for (const connection of CONNECTIONS) {
    const run = spawnSync(
      join(repoRoot, "node_modules", ".bin", "tsx"),
      [
        "--conditions=@promptstack/source",
        join(repoRoot, "packages", "cli", "src", "bin.ts"),
        "render",
        "--harness",
        "codex",
        "--connection",
        connection,
        "--json",
      ],
      { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    if (run.status !== 0) throw new Error(`promptstack render failed: ${run.stderr}`);
    const output = JSON.parse(run.stdout) as {
      codex: { threadStart: object; turnStart: object; threadResume: object };
    };
    cases.push(
      {
        name: `cli ${connection} thread/start`,
        method: "thread/start",
        params: { ...output.codex.threadStart },
      },
      {
        name: `cli ${connection} turn/start`,
        method: "turn/start",
        params: { ...output.codex.turnStart },
      },
      {
        name: `cli ${connection} thread/resume`,
        method: "thread/resume",
        params: { ...output.codex.threadResume },
      },
    );
  }
  return cases;
}

function judgeEqual(name: string, seen: readonly string[], expected: string): ConformanceResult {
  const differing = seen.filter((value) => value !== expected).length;
  return {
    name,
    passed: differing === 0,
    detail:
      differing === 0 ? `${seen.length} byte-identical` : `${differing} of ${seen.length} differ`,
  };
}
