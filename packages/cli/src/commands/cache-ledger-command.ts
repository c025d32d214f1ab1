import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import type { CacheLedgerCommandOptions } from "./run-cache-ledger-command.js";

/** `promptstack cache-ledger FILE`: real cache usage per request, each miss named. */
export function registerCacheLedgerCommand(program: Command, io: CliIo): void {
  program
    .command("cache-ledger")
    .description(
      "read JSONL requests with the usage each provider returned: read, written, uncached and expected tokens per request, each miss named, totals with cost",
    )
    .argument("<file>", 'JSONL, one request a line: {"provider","model","at","body","usage"}')
    .option("--json", "print JSON instead of text")
    .action(async (file: string, options: CacheLedgerCommandOptions) => {
      const { runCacheLedgerCommand } = await import("./run-cache-ledger-command.js");
      await runCacheLedgerCommand(file, options, io);
    });
}
