import { resolve } from "node:path";
import type { AgentTurn, PrefixPolicy } from "@promptstack/agent";
import type { RunFacts } from "@promptstack/config";
import { createTokenCounter, simulateConversationCache } from "@promptstack/providers";
import type {
  CacheProvider,
  CacheSimulation,
  ConversationLayout,
  SimulatedToolRound,
  SimulatedTurnInput,
} from "@promptstack/providers";
import type { Diagnostic, TokenCounter } from "@promptstack/core";
import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import type { LazyTokenCounter } from "../inputs/create-lazy-token-counter.js";
import { discoverCliAssets } from "../inputs/discover-cli-assets.js";
import type { InputOptions } from "../inputs/input-options.js";
import { loadFacts, openRenderAssembler } from "../inputs/load-render-run.js";
import type { DemoPaths } from "../inputs/resolve-demo-paths.js";
import { CACHE_REPORT_MAX_TURNS } from "./cache-report-limits.js";
import { makeSyntheticText } from "./make-synthetic-text.js";
import { readFactsFolder } from "./read-facts-folder.js";
import { shiftFactsDate } from "./shift-facts-date.js";
import {
  buildEditLine,
  findUnseenEdit,
  isEveryNth,
  planPrefixSession,
  toCacheReportPrefix,
} from "./build-cache-report-prefix.js";
import type { CacheReportPrefix, PrefixSessionPlan } from "./build-cache-report-prefix.js";
import { writeWorkspaceCopy } from "./write-workspace-copy.js";

/** Default models of the simulation, one per provider (override with `--model`). */
export const DEFAULT_CACHE_MODELS: Readonly<Record<CacheProvider, string>> = {
  anthropic: "claude-sonnet-4-5",
  openai: "gpt-5.5",
};

/** What the simulated summary request asks (its user text). */
const COMPACTION_INSTRUCTION =
  "Summarize the conversation so far for your own later use: decisions, open tasks, facts learned.";

/** Tokens of a simulated compaction summary. */
const SUMMARY_TOKENS = 400;

/** Both layouts, in the order the report shows them. */
export const CACHE_LAYOUTS: readonly ConversationLayout[] = ["system-tail", "turn-context"];

/** The run's o200k counter in the providers' shape (an estimate for Claude models). */
export function toProviderTokenCounter(counter: TokenCounter): TokenCounter {
  return createTokenCounter("o200k_base", (text) => counter.countTokens(text));
}

/** Flags of `promptstack cache-report` on top of the shared input flags. */
export interface CacheReportOptions extends InputOptions {
  readonly turns?: number;
  readonly factsDir?: string;
  readonly userTokens: number;
  readonly assistantTokens: number;
  readonly provider: CacheProvider | "both";
  readonly model?: string;
  /** Tool rounds per user turn (default 0). */
  readonly toolRounds?: number;
  /** Tokens of each synthetic tool result (default 800). */
  readonly toolResultTokens?: number;
  /** Turns between compactions; off when undefined. */
  readonly compactEvery?: number;
  /** Where to write every simulated request body as JSONL. */
  readonly requestsOut?: string;
  /** The assembler's prefix policy (default `live`). */
  readonly prefixPolicy?: PrefixPolicy;
  /** Turns between edits of `editFile` (in a temp copy of the workspace); off when undefined. */
  readonly editEvery?: number;
  /** The workspace file edited (default `MEMORY.md`). */
  readonly editFile?: string;
}

/** What `cache-report --json` prints. Every token number is an estimate. */
export interface CacheReport {
  readonly version: 1;
  readonly estimate: true;
  readonly turns: number;
  readonly userTokens: number;
  readonly assistantTokens: number;
  readonly toolRounds: number;
  readonly toolResultTokens: number;
  /** Turns between compactions; null: none. */
  readonly compactEvery: number | null;
  /** Where the per-turn facts came from, in one sentence. */
  readonly factsSource: string;
  /** The prefix policy, the edits, and per turn the refreshes and change notes. */
  readonly prefix: CacheReportPrefix;
  readonly simulations: readonly CacheSimulation[];
  readonly diagnostics: readonly Diagnostic[];
}

function usage(message: string, flag: string, hint: string): never {
  throw new CliError("CLI_USAGE", message, { path: flag, hint });
}

/**
 * The facts of each simulated turn: one per `--facts-dir` file in name order (at most
 * `CACHE_REPORT_MAX_TURNS`; the rest are left unread with a `CLI_CACHE_REPORT_TURNS_CAPPED`
 * warning), or `--facts` moved forward one day per turn.
 */
export async function planFacts(
  options: CacheReportOptions,
  io: CliIo,
  demo: DemoPaths,
): Promise<{ facts: RunFacts[]; source: string; diagnostics: Diagnostic[] }> {
  if (options.factsDir !== undefined) {
    const files = await readFactsFolder(options.factsDir, io.cwd);
    const diagnostics: Diagnostic[] = [];
    if (options.turns === undefined && files.length > CACHE_REPORT_MAX_TURNS) {
      diagnostics.push({
        code: "CLI_CACHE_REPORT_TURNS_CAPPED",
        severity: "warning",
        message: `${options.factsDir} has ${files.length} facts files; the simulation uses the first ${CACHE_REPORT_MAX_TURNS} in name order.`,
        path: options.factsDir,
        hint: `Simulate at most ${CACHE_REPORT_MAX_TURNS} turns: split the folder, or pass --turns.`,
      });
    }
    const count = options.turns ?? Math.min(files.length, CACHE_REPORT_MAX_TURNS);
    if (count > files.length) {
      usage(
        `--turns ${count} asks for more turns than ${options.factsDir} has facts files (${files.length}).`,
        "--turns",
        "Leave --turns out to simulate one turn per file, or add files.",
      );
    }
    const facts: RunFacts[] = [];
    for (const file of files.slice(0, count)) facts.push(await loadFacts(file, io, demo));
    return {
      facts,
      source: `one facts file per turn from ${options.factsDir}, in name order`,
      diagnostics,
    };
  }
  const count = options.turns ?? 30;
  const shown = options.facts ?? `${demo.displayWorkspaceDir}/facts.json`;
  const base = await loadFacts(options.facts, io, demo);
  const facts = Array.from({ length: count }, (_, index) => shiftFactsDate(base, index, shown));
  return {
    facts,
    source: `${shown}, time.date moved forward one day per turn (Time Context shows the date only)`,
    diagnostics: [],
  };
}

/**
 * Renders every turn of one layout through one assembler (its facts location follows the
 * layout) under `plan`'s prefix policy, times and compactions. With `plan.edit` the turns read a
 * temp copy of the workspace (see `writeWorkspaceCopy`) that gets the edits; the user's folder
 * is never written, and the copy is removed whatever happens.
 */
export async function renderTurns(
  options: CacheReportOptions,
  io: CliIo,
  layout: ConversationLayout,
  facts: readonly RunFacts[],
  plan: PrefixSessionPlan = { policy: "live", compacted: [] },
): Promise<{ turns: AgentTurn[]; diagnostics: Diagnostic[] }> {
  const demo = (io.assets ?? discoverCliAssets()).demo;
  const copy =
    plan.edit === undefined
      ? undefined
      : await writeWorkspaceCopy(
          options.workspace === undefined ? demo.workspaceDir : resolve(io.cwd, options.workspace),
          options.workspace ?? demo.displayWorkspaceDir,
        );
  try {
    const { assembler } = await openRenderAssembler(options, io, {
      factsLocation: layout === "turn-context" ? "user-message" : "system-prompt",
      prefixPolicy: plan.policy,
      ...(copy === undefined ? {} : { workspaceCopyDir: copy.dir }),
    });
    try {
      const turns: AgentTurn[] = [];
      for (const [index, turnFacts] of facts.entries()) {
        if (copy !== undefined && isEveryNth(index, plan.edit?.every)) {
          await copy.appendToFile(plan.edit!.file, buildEditLine(index));
        }
        const now = plan.times?.[index];
        turns.push(
          await assembler.turn(turnFacts, {
            ...(now === undefined ? {} : { now }),
            ...(plan.compacted[index] === true ? { compacted: true } : {}),
          }),
        );
      }
      return { turns, diagnostics: [...(copy?.skipped ?? [])] };
    } finally {
      await assembler.close();
    }
  } finally {
    await copy?.remove();
  }
}

/** Flags that do not combine (or would be ignored without a word): `CLI_USAGE`. */
function checkCacheReportFlags(options: CacheReportOptions): void {
  if (options.harness === "codex") {
    usage(
      "cache-report simulates the embedded harness's requests; --harness codex is not supported.",
      "--harness",
      "Leave --harness out.",
    );
  }
  if (options.factsDir !== undefined && options.facts !== undefined) {
    usage(
      "--facts and --facts-dir do not combine.",
      "--facts-dir",
      "Pass --facts for generated per-turn facts, or --facts-dir for one file per turn.",
    );
  }
  if (options.editFile !== undefined && options.editEvery === undefined) {
    usage(
      "--edit-file names the file --edit-every edits; --edit-every is missing.",
      "--edit-file",
      "Add --edit-every N, or leave --edit-file out.",
    );
  }
  if (options.model !== undefined && options.provider === "both") {
    usage(
      "--model needs --provider anthropic or --provider openai.",
      "--model",
      "Add --provider, or leave --model out for the default models.",
    );
  }
}

/**
 * Renders the conversation's turns in both layouts through the CLI's assembler and simulates
 * them under each chosen provider's caching rules (see `simulateConversationCache`).
 */
export async function buildCacheReport(
  options: CacheReportOptions,
  io: CliIo,
  tokenCounter: LazyTokenCounter,
): Promise<CacheReport> {
  checkCacheReportFlags(options);
  const counter = await tokenCounter.load();
  const plan = await planFacts(options, io, (io.assets ?? discoverCliAssets()).demo);
  const messages = makeSyntheticMessages(plan.facts.length, options, (text) =>
    counter.countTokens(text),
  );
  const diagnostics: Diagnostic[] = [...plan.diagnostics];
  const session = planPrefixSession(options, plan.facts);
  const rendered = await renderBothLayouts(options, io, plan.facts, session, diagnostics);
  const unseen = findUnseenEdit(session, rendered.get("turn-context")!);
  if (unseen !== undefined) diagnostics.push(unseen);
  return {
    version: 1,
    estimate: true,
    turns: plan.facts.length,
    userTokens: options.userTokens,
    assistantTokens: options.assistantTokens,
    toolRounds: options.toolRounds ?? 0,
    toolResultTokens: options.toolResultTokens ?? 800,
    compactEvery: options.compactEvery ?? null,
    factsSource: plan.source,
    prefix: toCacheReportPrefix(session, rendered.get("turn-context")!),
    simulations: simulateLayouts(options, rendered, messages, counter),
    diagnostics,
  };
}

/** The synthetic conversation text around the rendered turns; every array has one entry per turn. */
interface SyntheticMessages {
  readonly user: readonly string[];
  readonly assistant: readonly string[];
  /** One tool result text per round, shared by every turn. */
  readonly toolResults: readonly string[];
  /** The compaction summary before each turn; "" where the history is not compacted. */
  readonly summaries: readonly string[];
}

/** Makes the user messages, replies, tool results and summaries of `turnCount` turns. */
function makeSyntheticMessages(
  turnCount: number,
  options: CacheReportOptions,
  countTokens: (text: string) => number,
): SyntheticMessages {
  const turnIndexes = Array.from({ length: turnCount }, (_, index) => index);
  const user = turnIndexes.map((index) =>
    makeSyntheticText(index * 2 + 1, options.userTokens, countTokens),
  );
  const assistant = turnIndexes.map((index) =>
    makeSyntheticText(index * 2 + 2, options.assistantTokens, countTokens),
  );
  const resultTokens = options.toolResultTokens ?? 800;
  // One result text per round, reused across turns with a per-turn header: generating
  // hundreds of 800-token texts would dominate the run.
  const toolResults = Array.from({ length: options.toolRounds ?? 0 }, (_, round) =>
    makeSyntheticText(1000 + round, resultTokens, countTokens),
  );
  const summaries = turnIndexes.map((index) =>
    isEveryNth(index, options.compactEvery)
      ? makeSyntheticText(5000 + index, SUMMARY_TOKENS, countTokens)
      : "",
  );
  return { user, assistant, toolResults, summaries };
}

/** The tool rounds of turn `index`: one call of the turn's first tool and its result per round. */
function buildToolRounds(
  turn: AgentTurn,
  index: number,
  toolResults: readonly string[],
): SimulatedToolRound[] {
  return toolResults.map((resultText, round) => {
    const id = `call_${index + 1}_${round + 1}`;
    return {
      assistant: [
        {
          type: "tool-call",
          id,
          name: turn.tools[0]?.name ?? "read",
          input: { query: `turn ${index + 1} step ${round + 1}` },
        },
      ],
      results: [{ id, text: `result of call ${index + 1}.${round + 1}\n${resultText}` }],
    };
  });
}

/**
 * Renders the turns in each of `CACHE_LAYOUTS`; adds the `turn-context` layout's copy and
 * first-turn diagnostics to `diagnostics` (the other layout reads the same inputs).
 */
async function renderBothLayouts(
  options: CacheReportOptions,
  io: CliIo,
  facts: readonly RunFacts[],
  session: PrefixSessionPlan,
  diagnostics: Diagnostic[],
): Promise<Map<ConversationLayout, AgentTurn[]>> {
  const rendered = new Map<ConversationLayout, AgentTurn[]>();
  for (const layout of CACHE_LAYOUTS) {
    const { turns, diagnostics: copied } = await renderTurns(options, io, layout, facts, session);
    rendered.set(layout, turns);
    if (layout === "turn-context") diagnostics.push(...copied, ...(turns[0]?.diagnostics ?? []));
  }
  return rendered;
}

/** Simulates each rendered layout under each chosen provider, providers first, layouts within. */
function simulateLayouts(
  options: CacheReportOptions,
  rendered: ReadonlyMap<ConversationLayout, AgentTurn[]>,
  messages: SyntheticMessages,
  counter: TokenCounter,
): CacheSimulation[] {
  const providers: CacheProvider[] =
    options.provider === "both" ? ["anthropic", "openai"] : [options.provider];
  const simulations: CacheSimulation[] = [];
  for (const provider of providers) {
    for (const layout of CACHE_LAYOUTS) {
      const turns: SimulatedTurnInput[] = rendered.get(layout)!.map((turn, index) => ({
        turn,
        user: messages.user[index]!,
        assistant: messages.assistant[index]!,
        toolRounds: buildToolRounds(turn, index, messages.toolResults),
        ...(isEveryNth(index, options.compactEvery)
          ? {
              compactBefore: {
                instruction: COMPACTION_INSTRUCTION,
                summary: messages.summaries[index]!,
              },
            }
          : {}),
      }));
      simulations.push(
        simulateConversationCache({
          provider,
          model: options.model ?? DEFAULT_CACHE_MODELS[provider],
          turns,
          countTokens: toProviderTokenCounter(counter),
          includeBodies: options.requestsOut !== undefined,
        }),
      );
    }
  }
  return simulations;
}
