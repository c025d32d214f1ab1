import { resolve } from "node:path";
import type { CacheProvider, ConversationLayout } from "@promptstack/providers";
import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import type { InputOptions } from "../inputs/input-options.js";
import { loadRenderRun } from "../inputs/load-render-run.js";
import { createStyler } from "../output/create-styler.js";
import { printInputProblems, uniqueDiagnostics } from "../output/format-diagnostics.js";
import type { ProgramState } from "../program-state.js";
import { buildCacheExplanation } from "../reports/build-cache-explanation.js";
import {
  buildProviderCacheReport,
  formatProviderCacheReport,
} from "../reports/explain-provider-cache-report.js";
import type { ProviderCacheSide } from "../reports/explain-provider-cache-report.js";
import { formatCacheExplanation } from "../reports/format-cache-explanation.js";
import { printJsonOutput } from "../output/format-json-output.js";

/** Flags of `promptstack explain-cache` on top of the shared input flags. */
export interface ExplainCacheOptions extends InputOptions {
  readonly before?: string;
  readonly after?: string;
  readonly beforeWorkspace?: string;
  readonly afterWorkspace?: string;
  readonly provider?: CacheProvider;
  readonly model?: string;
  readonly layout?: ConversationLayout;
}

function usage(message: string, flag: string, hint: string): never {
  throw new CliError("CLI_USAGE", message, { path: flag, hint });
}

function toSides(
  options: ExplainCacheOptions,
  cwd: string,
): [ProviderCacheSide, ProviderCacheSide] {
  const factsPair = options.before !== undefined || options.after !== undefined;
  const workspacePair =
    options.beforeWorkspace !== undefined || options.afterWorkspace !== undefined;
  if (!factsPair && !workspacePair) {
    usage(
      "explain-cache needs --before and --after (facts files), or --before-workspace and --after-workspace.",
      "--before",
      "Name the two turns to compare.",
    );
  }
  if (factsPair && (options.before === undefined || options.after === undefined)) {
    usage("--before and --after go together.", "--before", "Pass both facts files.");
  }
  if (
    workspacePair &&
    (options.beforeWorkspace === undefined || options.afterWorkspace === undefined)
  ) {
    usage(
      "--before-workspace and --after-workspace go together.",
      "--before-workspace",
      "Pass both workspace folders.",
    );
  }
  if (workspacePair && options.workspace !== undefined) {
    usage(
      "--workspace does not combine with --before-workspace/--after-workspace.",
      "--workspace",
      "Leave --workspace out.",
    );
  }
  // Both workspaces are shown under the later one's path: only their contents are compared.
  const shown =
    options.afterWorkspace === undefined ? undefined : resolve(cwd, options.afterWorkspace);
  const side = (workspace: string | undefined, facts: string | undefined): ProviderCacheSide => ({
    ...(workspace === undefined ? {} : { workspace }),
    ...(shown === undefined ? {} : { displayWorkspaceAs: shown }),
    ...(facts === undefined ? {} : { facts }),
    label: [workspace, facts].filter((part) => part !== undefined).join(" "),
  });
  return [
    side(options.beforeWorkspace, options.before),
    side(options.afterWorkspace, options.after),
  ];
}

/** Runs `promptstack explain-cache`: section by section, or in a provider's cache order. */
export async function runExplainCacheCommand(
  options: ExplainCacheOptions,
  io: CliIo,
  state: ProgramState,
): Promise<void> {
  const [before, after] = toSides(options, io.cwd);
  if (options.provider === undefined) {
    if (options.model !== undefined || options.layout !== undefined) {
      usage(
        `${options.model !== undefined ? "--model" : "--layout"} applies only with --provider.`,
        "--provider",
        "Add --provider anthropic or --provider openai.",
      );
    }
    const extras = (side: ProviderCacheSide) =>
      side.displayWorkspaceAs === undefined ? {} : { displayWorkspaceAs: side.displayWorkspaceAs };
    const beforeRun = await loadRenderRun({ ...options, ...before }, io, extras(before));
    const afterRun = await loadRenderRun({ ...options, ...after }, io, extras(after));
    const explanation = buildCacheExplanation(
      beforeRun,
      afterRun,
      { beforeLabel: before.label, afterLabel: after.label },
      await state.tokenCounter.load(),
    );
    // Both turns read the same inputs, mostly: a problem they share is reported once.
    const diagnostics = uniqueDiagnostics([...beforeRun.diagnostics, ...afterRun.diagnostics]);
    if (options.json === true) {
      printJsonOutput(io, { ...explanation, diagnostics });
      return;
    }
    const styler = createStyler(io);
    io.stdout(formatCacheExplanation(explanation, styler));
    printInputProblems(io, diagnostics, styler);
    return;
  }
  if (options.harness === "codex") {
    usage(
      "--provider explains the embedded harness's requests; --harness codex is not supported.",
      "--harness",
      "Leave --harness out.",
    );
  }
  const report = await buildProviderCacheReport(
    options,
    options.provider,
    before,
    after,
    io,
    await state.tokenCounter.load(),
  );
  if (options.json === true) {
    printJsonOutput(io, report);
    return;
  }
  const styler = createStyler(io);
  io.stdout(formatProviderCacheReport(report, styler));
  printInputProblems(io, report.diagnostics, styler);
}
