import { resolve } from "node:path";
import type { CliIo } from "../cli-io.js";
import { createStyler } from "../output/create-styler.js";
import { printInputProblems } from "../output/format-diagnostics.js";
import type { ProgramState } from "../program-state.js";
import { buildCacheReport } from "../reports/build-cache-report.js";
import type { CacheReportOptions } from "../reports/build-cache-report.js";
import { formatCacheReport } from "../reports/format-cache-report.js";
import { printJsonOutput } from "../output/format-json-output.js";
import { writeRequestsJsonl } from "../reports/write-requests-jsonl.js";

/** Runs `promptstack cache-report`. */
export async function runCacheReportCommand(
  options: CacheReportOptions,
  io: CliIo,
  state: ProgramState,
): Promise<void> {
  const built = await buildCacheReport(options, io, state.tokenCounter);
  if (options.requestsOut !== undefined) {
    await writeRequestsJsonl(resolve(io.cwd, options.requestsOut), built.simulations);
  }
  // The bodies go to --requests-out only; the report keeps the counts.
  const report = {
    ...built,
    simulations: built.simulations.map((simulation) => ({
      ...simulation,
      requests: simulation.requests.map(({ body: _body, ...counts }) => counts),
    })),
  };
  if (options.json === true) {
    printJsonOutput(io, report);
    return;
  }
  const styler = createStyler(io);
  io.stdout(formatCacheReport(report, styler));
  printInputProblems(
    io,
    [...report.diagnostics, ...report.simulations.flatMap((simulation) => simulation.diagnostics)],
    styler,
  );
}
