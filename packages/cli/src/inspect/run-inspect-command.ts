import { resolve } from "node:path";
import type { CliIo } from "../cli-io.js";
import { formatNumber } from "../output/format-number.js";
import type { ProgramState } from "../program-state.js";
import { buildInspectPage } from "./build-inspect-page.js";
import { formatInspectPrefix } from "./build-inspect-prefix-section.js";
import { DEFAULT_INSPECT_OUT, toInspectUsageError } from "./inspect-options.js";
import type { InspectOptions } from "./inspect-options.js";
import { loadInspectView } from "./load-inspect-view.js";
import { writeInspectPage } from "./write-inspect-page.js";

// Flags that would otherwise be ignored without a word.
function checkFlags(options: InspectOptions): void {
  if (options.json === true) {
    throw toInspectUsageError(
      "inspect writes an HTML page; it has no --json output.",
      "--json",
      "Use `render --json` or `context list --json` for JSON.",
    );
  }
  if ((options.before === undefined) !== (options.after === undefined)) {
    const missing = options.before === undefined ? "--before" : "--after";
    throw toInspectUsageError(
      `${missing} is missing: a cache diff compares two turns.`,
      missing,
      "Pass both --before and --after, or neither.",
    );
  }
  if (options.before !== undefined && options.facts !== undefined) {
    throw toInspectUsageError(
      "--facts cannot be combined with --before/--after.",
      "--facts",
      "The page shows the --after turn; leave --facts out.",
    );
  }
  if (options.serve !== true) {
    const flag =
      options.watch === true ? "--watch" : options.port !== undefined ? "--port" : undefined;
    if (flag !== undefined) {
      throw toInspectUsageError(
        `${flag} applies only with --serve.`,
        flag,
        `Add --serve, or leave ${flag} out.`,
      );
    }
  } else if (options.out !== undefined) {
    throw toInspectUsageError(
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

/** Runs `promptstack inspect`: writes the page, or serves it until Ctrl-C. */
export async function runInspectCommand(
  options: InspectOptions,
  io: CliIo,
  state: ProgramState,
): Promise<void> {
  checkFlags(options);
  if (options.serve === true) {
    // Loaded on demand: the server and the file watcher cost every other command nothing.
    const { startInspectSession } = await import("./start-inspect-session.js");
    const session = await startInspectSession(options, io, state.tokenCounter);
    io.stdout(`Serving ${session.url}\n`);
    if (session.watched.length > 0) {
      io.stdout(`Watching ${session.watched.length} inputs; the page updates on change.\n`);
    }
    io.stdout("Press Ctrl-C to stop.\n");
    await waitForStopSignal();
    await session.close();
    return;
  }
  const view = await loadInspectView(options, io, state.tokenCounter);
  const out = options.out ?? DEFAULT_INSPECT_OUT;
  await writeInspectPage(resolve(io.cwd, out), buildInspectPage(view));
  io.stdout(
    `Wrote ${out}: ${view.sections.length} sections, ${formatNumber(view.totals.tokens)} tokens (${formatNumber(view.totals.stableTokens)} in the stable prefix).\n`,
  );
  if (view.prefix !== undefined) io.stdout(`${formatInspectPrefix(view.prefix)}\n`);
}
