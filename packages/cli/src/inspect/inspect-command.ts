import { Option } from "commander";
import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import { addInputOptions } from "../inputs/input-options.js";
import { parsePrefixPolicyOption } from "../inputs/parse-prefix-policy-option.js";
import type { ProgramState } from "../program-state.js";
import { DEFAULT_INSPECT_OUT, toInspectUsageError } from "./inspect-options.js";
import type { InspectOptions } from "./inspect-options.js";

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) {
    throw toInspectUsageError(
      `--port ${JSON.stringify(value)} is not a port number.`,
      "--port",
      "Pass a number from 0 to 65535 (0 picks a free port).",
    );
  }
  return port;
}

/** `promptstack inspect`: the prompt as a self-contained HTML page, written or served live. */
export function registerInspectCommand(program: Command, io: CliIo, state: ProgramState): void {
  addInputOptions(
    program
      .command("inspect")
      .description("write (or serve) an HTML page that shows the prompt's sections, files and cost")
      .option("--out <file>", `page file to write (default: ${DEFAULT_INSPECT_OUT})`)
      .option("--before <facts>", "run facts of an earlier turn: adds the cache diff")
      .option("--after <facts>", "run facts of the later turn, the one the page shows")
      .option("--serve", "serve the page on 127.0.0.1 instead of writing a file")
      .option("--watch", "with --serve: re-render and update the page when an input changes")
      .option(
        "--prefix-policy <policy>",
        "live (default) or session: renders share one assembler; the page shows the pinned prefix and pending change notes",
        parsePrefixPolicyOption,
      )
      .addOption(
        new Option("--port <port>", "with --serve: port (default: a free one)").argParser(
          parsePort,
        ),
      ),
  ).action(async (options: InspectOptions) => {
    const { runInspectCommand } = await import("./run-inspect-command.js");
    const { withConfiguredWorkspace } = await import("../inputs/with-configured-workspace.js");
    await runInspectCommand(await withConfiguredWorkspace(options, io), io, state);
  });
}
