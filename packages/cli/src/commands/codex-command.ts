import { resolve } from "node:path";
import type { Command } from "commander";
import {
  formatCodexModelSyncResult,
  writeCodexModelPromptFixture,
} from "@promptstack/harness-codex";
import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import type { ProgramState } from "../create-program.js";
import { discoverCliAssets } from "../discover-cli-assets.js";
import { requireCheckout } from "../require-checkout.js";
import { resolveHomeDir } from "../resolve-home-dir.js";

const FIXTURE_DISPLAY = "fixtures/codex-model-catalog/gpt-5.5.model-prompt.json";

/** `promptstack codex sync-model`: the same as `pnpm prompt:snapshots:sync-codex-model`. */
export function registerCodexCommand(program: Command, io: CliIo, _state: ProgramState): void {
  const codex = program.command("codex").description("Codex harness maintenance (repository only)");
  codex
    .command("sync-model")
    .description(
      "refresh the pinned gpt-5.5 model-prompt fixture from a Codex model catalog (repository only)",
    )
    .option(
      "--catalog <file>",
      "models.json or models_cache.json (default: $CODEX_HOME, ~/.codex, ~/code/codex)",
    )
    .action(async (options: { catalog?: string }) => {
      const assets = io.assets ?? discoverCliAssets();
      requireCheckout(assets, "codex sync-model");
      const fixturePath = assets.codexModelPromptFixture;
      if (fixturePath === undefined) {
        throw new CliError(
          "CLI_CHECKOUT_REQUIRED",
          `The checkout has no ${FIXTURE_DISPLAY} to refresh.`,
          {
            path: FIXTURE_DISPLAY,
            hint: "Restore the file from git (`git checkout -- fixtures/codex-model-catalog`), then run the command again.",
          },
        );
      }
      const result = await writeCodexModelPromptFixture({
        fixturePath,
        env: io.env,
        homeDir: resolveHomeDir(io),
        ...(options.catalog === undefined ? {} : { catalogPath: resolve(io.cwd, options.catalog) }),
      });
      if (result.status === "catalog-missing") {
        throw new CliError(
          "CLI_FILE_MISSING",
          `Codex model catalog ${options.catalog ?? result.catalogPath} does not exist; the fixture is unchanged.`,
          {
            path: options.catalog ?? result.catalogPath,
            hint: "Pass --catalog with a Codex models.json or models_cache.json, or leave it out to use the default lookup.",
          },
        );
      }
      io.stdout(formatCodexModelSyncResult(result, "promptstack snapshots gen"));
    });
}
