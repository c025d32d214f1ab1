import type { Command } from "commander";
import { buildCacheExplanation } from "../build-cache-explanation.js";
import type { CliIo } from "../cli-io.js";
import type { ProgramState } from "../create-program.js";
import { createStyler } from "../create-styler.js";
import { formatCacheExplanation } from "../format-cache-explanation.js";
import { addInputOptions } from "../input-options.js";
import type { InputOptions } from "../input-options.js";
import { loadRenderRun } from "../load-render-run.js";

interface ExplainCacheOptions extends InputOptions {
  readonly before: string;
  readonly after: string;
}

/** `promptstack explain-cache`: why two turns do or do not share the cached prefix. */
export function registerExplainCacheCommand(
  program: Command,
  io: CliIo,
  _state: ProgramState,
): void {
  addInputOptions(
    program
      .command("explain-cache")
      .description("render two turns and name the first stable section that differs")
      .requiredOption("--before <facts>", "run facts of the earlier turn")
      .requiredOption("--after <facts>", "run facts of the later turn"),
    { withFacts: false },
  ).action(async (options: ExplainCacheOptions) => {
    const before = await loadRenderRun({ ...options, facts: options.before }, io);
    const after = await loadRenderRun({ ...options, facts: options.after }, io);
    const explanation = buildCacheExplanation(before, after, {
      beforeLabel: options.before,
      afterLabel: options.after,
    });
    if (options.json === true) {
      io.stdout(`${JSON.stringify(explanation, null, 2)}\n`);
      return;
    }
    io.stdout(formatCacheExplanation(explanation, createStyler(io)));
  });
}
