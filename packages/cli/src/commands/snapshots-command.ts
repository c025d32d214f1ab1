import { Argument } from "commander";
import type { Command } from "commander";
import {
  checkPromptSnapshots,
  generatePromptSnapshotFiles,
  resolveSnapshotRoot,
  writePromptSnapshots,
} from "@promptstack/harness-codex";
import type { CliIo } from "../cli-io.js";
import type { ProgramState } from "../create-program.js";
import { discoverCliAssets } from "../discover-cli-assets.js";
import { requireCheckout } from "../require-checkout.js";

/** `promptstack snapshots gen|check`: the same as `pnpm prompt:snapshots:gen|check`. */
export function registerSnapshotsCommand(program: Command, io: CliIo, state: ProgramState): void {
  program
    .command("snapshots")
    .description("regenerate (gen) or verify (check) the committed prompt snapshots")
    .addArgument(new Argument("<action>", "gen or check").choices(["gen", "check"]))
    .action(async (action: "gen" | "check") => {
      const repoRoot = requireCheckout(io.assets ?? discoverCliAssets(), `snapshots ${action}`);
      const options = { repoRoot, fixCommand: "promptstack snapshots gen" };
      if (action === "check") {
        const result = await checkPromptSnapshots(options);
        if (result.ok) {
          io.stdout("Prompt snapshots are up to date.\n");
          return;
        }
        io.stderr(`${result.report}\n`);
        state.exitCode = 1;
        return;
      }
      const files = await generatePromptSnapshotFiles(options);
      const result = await writePromptSnapshots(resolveSnapshotRoot(options), files);
      io.stdout(
        `Prompt snapshots: ${files.size} files, ${result.written.length} written, ${result.removed.length} removed.\n` +
          [
            ...result.written.map((path) => `  wrote ${path}\n`),
            ...result.removed.map((path) => `  removed ${path}\n`),
          ].join(""),
      );
    });
}
