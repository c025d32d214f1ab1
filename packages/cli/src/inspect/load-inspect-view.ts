import { buildCacheExplanation } from "../reports/build-cache-explanation.js";
import type { CliIo } from "../cli-io.js";
import { discoverCliAssets } from "../inputs/discover-cli-assets.js";
import type { LazyTokenCounter } from "../inputs/create-lazy-token-counter.js";
import { loadRenderRun } from "../inputs/load-render-run.js";
import type { RenderRun } from "../inputs/render-run.js";
import { createInspectPrefixSession } from "./create-inspect-prefix-session.js";
import type { InspectPrefixSession } from "./create-inspect-prefix-session.js";
import type { InspectOptions } from "./inspect-options.js";
import type { InspectSourceItem, InspectView } from "./inspect-view.js";
import { toInspectView } from "./to-inspect-view.js";

function describeSource(options: InspectOptions, workspace: string): InspectSourceItem[] {
  const facts =
    options.before !== undefined && options.after !== undefined
      ? `${options.before} → ${options.after}`
      : (options.facts ?? "the demo's facts.json");
  const harness =
    options.harness === "codex"
      ? `codex (${options.connection ?? "managed-stdio"})`
      : (options.harness ?? "embedded");
  return [
    { label: "Workspace", value: workspace },
    ...(options.execDir === undefined
      ? []
      : [{ label: "Execution folder", value: options.execDir }]),
    {
      label: "Config",
      value:
        options.config ??
        (options.workspace === undefined ? "the demo's config.json5" : "built-in defaults"),
    },
    { label: "Facts", value: facts },
    { label: "Agent", value: options.agent ?? "main" },
    { label: "Mode", value: options.mode ?? "full" },
    { label: "Harness", value: harness },
    ...(options.prefixPolicy === "session" ? [{ label: "Prefix policy", value: "session" }] : []),
  ];
}

/**
 * Loads and renders everything the page shows. With `before` and `after` it renders both turns,
 * compares them as `explain-cache` does, and shows the later turn. Under `--prefix-policy
 * session` every render goes through `session` (one assembler, so the pin lives across renders;
 * a temporary one when none is given) and the view carries the pin's state. Throws the CLI's
 * typed errors for bad input, like `render`.
 */
export async function loadInspectView(
  options: InspectOptions,
  io: CliIo,
  tokenCounter: LazyTokenCounter,
  session?: InspectPrefixSession,
): Promise<InspectView> {
  if (options.prefixPolicy !== "session") {
    return loadViewWith(options, io, tokenCounter, (facts) =>
      loadRenderRun(facts === undefined ? options : { ...options, facts }, io),
    );
  }
  const own = session ?? createInspectPrefixSession(options, io);
  try {
    const view = await loadViewWith(options, io, tokenCounter, (facts) => own.render(facts));
    const prefix = own.state();
    return prefix === undefined ? view : { ...view, prefix };
  } finally {
    if (session === undefined) await own.close();
  }
}

async function loadViewWith(
  options: InspectOptions,
  io: CliIo,
  tokenCounter: LazyTokenCounter,
  render: (facts?: string) => Promise<RenderRun>,
): Promise<InspectView> {
  const workspace =
    options.workspace ?? (io.assets ?? discoverCliAssets()).demo.displayWorkspaceDir;
  const title = workspace;
  const source = describeSource(options, workspace);
  if (options.before === undefined || options.after === undefined) {
    const run = await render();
    return toInspectView({ run, title, source, counter: await tokenCounter.load() });
  }
  const before = await render(options.before);
  const after = await render(options.after);
  const counter = await tokenCounter.load();
  const cacheExplanation = buildCacheExplanation(
    before,
    after,
    { beforeLabel: options.before, afterLabel: options.after },
    counter,
  );
  return toInspectView({ run: after, title, source, cacheExplanation, counter });
}
