/**
 * The multi-turn part of `pnpm test:codex-conformance`: per connection kind one thread, three
 * turns with changing per-turn facts and a resume after a simulated restart, plus the CLI's
 * `render --harness codex --json` params sent exactly as printed.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { AgentTurn } from "@promptstack/agent";
import { PINNED_CODEX_VERSION, buildCodexTurn } from "@promptstack/harness-codex";
import { formatCanonicalJson } from "@promptstack/core";
import type {
  CodexConnectionKind,
  CodexModelCatalog,
  CodexThreadStartParams,
} from "@promptstack/harness-codex";
import { loadPromptSnapshotInputs } from "@promptstack-tools/prompt-snapshots";
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
 * `thread/resume` built again on the last turn (as after a restart), all through
 * `buildCodexTurn`. The workspace is `workDir` (absolute, real), so nothing in the params is
 * patched afterwards.
 */
export async function buildThreadConformance(
  repoRoot: string,
  workDir: string,
): Promise<ThreadConformance> {
  const inputs = await loadPromptSnapshotInputs({ repoRoot, codexVersion: PINNED_CODEX_VERSION });
  const scenario = inputs.scenarios.find((candidate) => candidate.name === "telegram-direct");
  if (scenario?.codex === undefined) throw new Error("scenario telegram-direct has no codex part");
  const base = scenario.turn;
  const { userText: _userText, ...codexOptions } = scenario.codex;
  const model = inputs.modelPrompt;
  const catalog: CodexModelCatalog = {
    source: model.source.file,
    shape: model.source.shape,
    models: [{ slug: model.slug, baseInstructions: model.instructions, instructionsVariables: {} }],
  };
  // The same assembled turn with other per-turn facts, in the real work folder.
  const turns: AgentTurn[] = TURN_FACTS.map((facts) => ({
    ...base,
    input: { ...base.input, volatile: { ...base.input.volatile, ...facts }, workspaceDir: workDir },
    workspace: { dir: workDir, shown: workDir },
  }));
  const cases: ConformanceCase[] = [];
  const checks: ConformanceResult[] = [];
  for (const connection of CONNECTIONS) {
    const build = (turn: AgentTurn, thread?: CodexThreadStartParams) =>
      buildCodexTurn(turn, {
        ...codexOptions,
        connection,
        threadId: "$thread",
        userText: "What is on today?",
        catalog,
        ...(thread === undefined ? {} : { thread }),
      });
    const built = turns.map((turn) => build(turn));
    const first = built[0];
    const last = built.at(-1);
    if (first === undefined || last === undefined) throw new Error("three turns expected");
    const start = formatCanonicalJson(first.threadStart, { indent: 2 });
    checks.push(
      judgeEqual(
        `${connection} thread/start params identical over 3 turns`,
        built.map((turn) => formatCanonicalJson(turn.threadStart, { indent: 2 })),
        start,
      ),
    );
    checks.push(
      judgeEqual(
        `${connection} thread/resume after a restart identical`,
        [formatCanonicalJson(last.threadResume, { indent: 2 })],
        formatCanonicalJson(first.threadResume, { indent: 2 }),
      ),
    );
    cases.push({
      name: `${connection} thread/start`,
      method: "thread/start",
      params: { ...first.threadStart },
    });
    const inputsSeen = new Set<string>();
    turns.forEach((turn, index) => {
      const started = build(turn, first.threadStart);
      inputsSeen.add(started.turnStart.input[0]?.text ?? "");
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
        params: { ...started.turnStart },
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
      params: { ...last.threadResume },
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
