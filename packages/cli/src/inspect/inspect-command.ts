import { resolve } from "node:path";
import { Option } from "commander";
import type { Command } from "commander";
import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import type { ProgramState } from "../create-program.js";
import { formatNumber } from "../output/format-number.js";
import { addInputOptions } from "../inputs/input-options.js";
import { buildInspectPage } from "./build-inspect-page.js";
import type { InspectOptions } from "./inspect-options.js";
import { loadInspectView } from "./load-inspect-view.js";
import { writeInspectPage } from "./write-inspect-page.js";

/** Default page file of `inspect`. */
export const DEFAULT_INSPECT_OUT = "prompt.html";

function usage(message: string, path: string, hint: string): CliError {
  return new CliError("CLI_USAGE", message, { path, hint });
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) {
    throw usage(
      `--port ${JSON.stringify(value)} is not a port number.`,
      "--port",
      "Pass a number from 0 to 65535 (0 picks a free port).",
    );
  }
  return port;
}

// Flags that would otherwise be ignored without a word.
function checkFlags(options: InspectOptions): void {
  if (options.json === true) {
    throw usage(
      "inspect writes an HTML page; it has no --json output.",
      "--json",
      "Use `render --json` or `context list --json` for JSON.",
    );
  }
  if ((options.before === undefined) !== (options.after === undefined)) {
    const missing = options.before === undefined ? "--before" : "--after";
    throw usage(
      `${missing} is missing: a cache diff compares two turns.`,
      missing,
      "Pass both --before and --after, or neither.",
    );
  }
  if (options.before !== undefined && options.facts !== undefined) {
    throw usage(
      "--facts cannot be combined with --before/--after.",
      "--facts",
      "The page shows the --after turn; leave --facts out.",
    );
  }
  if (options.serve !== true) {
    const flag =
      options.watch === true ? "--watch" : options.port !== undefined ? "--port" : undefined;
    if (flag !== undefined) {
      throw usage(`${flag} applies only with --serve.`, flag, `Add --serve, or leave ${flag} out.`);
    }
  } else if (options.out !== undefined) {
    throw usage(
      "--out writes a file; --serve serves the page instead.",
      "--out",
      "Pass one of --out and --serve.",
    );
  }
}

// The server runs until the user stops it; the CLI then closes it and exits 0.
function waitForStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolveSignal) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolveSignal(signal);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** `promptstack inspect`: the prompt as a self-contained HTML page, written or served live. */
export function registerInspectCommand(program: Command, io: CliIo, _state: ProgramState): void {
  addInputOptions(
    program
      .command("inspect")
      .description("write (or serve) an HTML page that shows the prompt's sections, files and cost")
      .option("--out <file>", `page file to write (default: ${DEFAULT_INSPECT_OUT})`)
      .option("--before <facts>", "run facts of an earlier turn: adds the cache diff")
      .option("--after <facts>", "run facts of the later turn, the one the page shows")
      .option("--serve", "serve the page on 127.0.0.1 instead of writing a file")
      .option("--watch", "with --serve: re-render and update the page when an input changes")
      .addOption(
        new Option("--port <port>", "with --serve: port (default: a free one)").argParser(
          parsePort,
        ),
      ),
  ).action(async (options: InspectOptions) => {
    checkFlags(options);
    if (options.serve === true) {
      // Loaded on demand: the server and the file watcher cost every other command nothing.
      const { startInspectSession } = await import("./start-inspect-session.js");
      const session = await startInspectSession(options, io);
      io.stdout(`Serving ${session.url}\n`);
      if (session.watched.length > 0) {
        io.stdout(`Watching ${session.watched.length} inputs; the page updates on change.\n`);
      }
      io.stdout("Press Ctrl-C to stop.\n");
      await waitForStopSignal();
      await session.close();
      return;
    }
    const view = await loadInspectView(options, io);
    const out = options.out ?? DEFAULT_INSPECT_OUT;
    await writeInspectPage(resolve(io.cwd, out), buildInspectPage(view));
    io.stdout(
      `Wrote ${out}: ${view.sections.length} sections, ${formatNumber(view.totals.tokens)} tokens (${formatNumber(view.totals.stableTokens)} in the stable prefix).\n`,
    );
  });
}
