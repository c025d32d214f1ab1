import { InvalidArgumentError, Option } from "commander";
import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import { addInputOptions } from "../inputs/input-options.js";
import { parsePrefixPolicyOption } from "../inputs/parse-prefix-policy-option.js";
import type { ProgramState } from "../program-state.js";
import { parseEditFileOption } from "../reports/parse-edit-file-option.js";
import type { CacheReportOptions } from "../reports/build-cache-report.js";
import { CACHE_REPORT_MAX_TURNS } from "../reports/cache-report-limits.js";

/** Commander parser of a whole number in `[min, max]`. */
export function parseCount(min: number, max: number): (value: string) => number {
  return (value) => {
    const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    }
    return parsed;
  };
}

/** `promptstack cache-report`: simulated provider caching over an N-turn conversation. */
export function registerCacheReportCommand(program: Command, io: CliIo, state: ProgramState): void {
  addInputOptions(
    program
      .command("cache-report")
      .description(
        "simulate an N-turn conversation and estimate input tokens served from cache, for both layouts",
      )
      .option(
        "--turns <n>",
        "turns to simulate (default 30, or one per --facts-dir file)",
        parseCount(1, CACHE_REPORT_MAX_TURNS),
      )
      .option("--facts-dir <dir>", "folder of facts JSON files, one per turn in name order")
      .option(
        "--user-tokens <n>",
        "tokens of each synthetic user message",
        parseCount(0, 100_000),
        60,
      )
      .option(
        "--assistant-tokens <n>",
        "tokens of each synthetic assistant reply",
        parseCount(0, 100_000),
        250,
      )
      .addOption(
        new Option("--provider <provider>", "provider whose caching rules apply")
          .choices(["anthropic", "openai", "both"])
          .default("both"),
      )
      .option("--model <id>", "model id (with one --provider; default claude-sonnet-4-5 / gpt-5.5)")
      .option(
        "--tool-rounds <n>",
        "tool rounds per user turn: each adds a tool call, its result and one more request",
        parseCount(0, 50),
        0,
      )
      .option(
        "--tool-result-tokens <n>",
        "tokens of each synthetic tool result",
        parseCount(1, 100_000),
        800,
      )
      .option(
        "--compact-every <n>",
        "compact the history every n turns (a summary request, then the summary replaces it)",
        parseCount(1, 500),
      )
      .option(
        "--prefix-policy <policy>",
        "live: the prefix shows every edit at once; session: it stays pinned and edits reach the model as change notes",
        parsePrefixPolicyOption,
        "live",
      )
      .option(
        "--edit-every <n>",
        "append a line to --edit-file every n turns, in a temp copy of the workspace (default: no edits)",
        parseCount(1, CACHE_REPORT_MAX_TURNS),
      )
      .option(
        "--edit-file <name>",
        "workspace file --edit-every edits (default: MEMORY.md)",
        parseEditFileOption,
      )
      .option(
        "--requests-out <file>",
        'write every simulated request body as JSONL: {"provider","layout","turn","step","body"}',
      ),
  ).action(async (options: CacheReportOptions) => {
    const { runCacheReportCommand } = await import("./run-cache-report-command.js");
    const { withConfiguredWorkspace } = await import("../inputs/with-configured-workspace.js");
    await runCacheReportCommand(await withConfiguredWorkspace(options, io), io, state);
  });
}
