import { Option } from "commander";
import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import { addInputOptions } from "../inputs/input-options.js";
import type { ProgramState } from "../program-state.js";
import type { ExplainCacheOptions } from "./run-explain-cache-command.js";

/** `promptstack explain-cache`: why two turns do or do not share the cached prefix. */
export function registerExplainCacheCommand(
  program: Command,
  io: CliIo,
  state: ProgramState,
): void {
  addInputOptions(
    program
      .command("explain-cache")
      .description("render two turns and name the first stable section that differs")
      .option("--before <facts>", "run facts of the earlier turn")
      .option("--after <facts>", "run facts of the later turn")
      .option("--before-workspace <dir>", "workspace of the earlier turn (with --after-workspace)")
      .option("--after-workspace <dir>", "workspace of the later turn (with --before-workspace)")
      .addOption(
        new Option(
          "--provider <provider>",
          "explain in the provider's cache order (Anthropic: tools → system → messages)",
        ).choices(["anthropic", "openai"]),
      )
      .option("--model <id>", "model id, with --provider (default claude-sonnet-4-5 / gpt-5.5)")
      .addOption(
        new Option(
          "--layout <layout>",
          "conversation layout, with --provider (default turn-context)",
        ).choices(["turn-context", "system-tail"]),
      ),
    { withFacts: false },
  ).action(async (options: ExplainCacheOptions) => {
    const { runExplainCacheCommand } = await import("./run-explain-cache-command.js");
    const { withConfiguredWorkspace } = await import("../inputs/with-configured-workspace.js");
    // A workspace pair compares two folders; the config's workspace stands in only without one.
    const paired = options.beforeWorkspace !== undefined || options.afterWorkspace !== undefined;
    await runExplainCacheCommand(
      paired ? options : await withConfiguredWorkspace(options, io),
      io,
      state,
    );
  });
}
