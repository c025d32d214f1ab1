import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import type { ProgramState } from "../create-program.js";

/** `promptstack codex sync-model`: the same as `pnpm prompt:snapshots:sync-codex-model`. */
export function registerCodexCommand(program: Command, io: CliIo, state: ProgramState): void {
  const codex = program.command("codex").description("Codex harness maintenance");
  codex
    .command("sync-model")
    .description("refresh the pinned Codex model prompt fixture from a model catalog")
    .option(
      "--catalog <path>",
      "models_cache.json or models.json to read instead of the lookup order",
    )
    .action(async (options: { catalog?: string }) => {
      void options;
      void io;
      void state;
    });
}
