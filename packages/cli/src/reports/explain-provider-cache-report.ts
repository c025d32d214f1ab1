import type { AgentTurn } from "@promptstack/agent";
import { explainProviderCache } from "@promptstack/providers";
import type {
  CacheProvider,
  ConversationLayout,
  ProviderCacheExplanation,
} from "@promptstack/providers";
import type { CliIo } from "../cli-io.js";
import type { TokenCounter } from "@promptstack/core";
import type { Styler } from "../output/create-styler.js";
import { escapeTerminalText } from "../output/escape-terminal-text.js";
import { formatNumber } from "../output/format-number.js";
import { uniqueDiagnostics } from "../output/format-diagnostics.js";
import type { InputOptions } from "../inputs/input-options.js";
import { loadFacts, openRenderAssembler } from "../inputs/load-render-run.js";
import { DEFAULT_CACHE_MODELS, toProviderTokenCounter } from "./build-cache-report.js";

/** One side of a provider comparison: which workspace and which facts file. */
export interface ProviderCacheSide {
  /** `--workspace` for this side (undefined: the shared `--workspace`, else the demo). */
  readonly workspace?: string;
  /** Facts file (undefined: the demo's facts). */
  readonly facts?: string;
  readonly label: string;
  /** Shown workspace path (both sides show the later workspace's, so only content differs). */
  readonly displayWorkspaceAs?: string;
}

/** What `explain-cache --provider ... --json` prints. */
export interface ProviderCacheReport extends ProviderCacheExplanation {
  readonly version: 1;
  readonly estimate: true;
  readonly before: string;
  readonly after: string;
}

async function renderSide(
  options: InputOptions,
  side: ProviderCacheSide,
  layout: ConversationLayout,
  io: CliIo,
): Promise<AgentTurn> {
  const sideOptions: InputOptions = {
    ...options,
    ...(side.workspace === undefined ? {} : { workspace: side.workspace }),
    ...(side.facts === undefined ? {} : { facts: side.facts }),
  };
  const { assembler, assets } = await openRenderAssembler(sideOptions, io, {
    factsLocation: layout === "turn-context" ? "user-message" : "system-prompt",
    ...(side.displayWorkspaceAs === undefined
      ? {}
      : { displayWorkspaceAs: side.displayWorkspaceAs }),
  });
  try {
    return await assembler.turn(await loadFacts(sideOptions.facts, io, assets.demo));
  } finally {
    await assembler.close();
  }
}

/**
 * Renders both sides (workspace and facts each) and explains, with the provider's cache order
 * (Anthropic: tools → system → messages), how much of the prefix the later request still reads
 * from cache. Token numbers are estimates.
 */
export async function buildProviderCacheReport(
  options: InputOptions & { readonly model?: string; readonly layout?: ConversationLayout },
  provider: CacheProvider,
  before: ProviderCacheSide,
  after: ProviderCacheSide,
  io: CliIo,
  counter: TokenCounter,
): Promise<ProviderCacheReport> {
  const layout = options.layout ?? "turn-context";
  const old = await renderSide(options, before, layout, io);
  const next = await renderSide(options, after, layout, io);
  const explanation = explainProviderCache(old, next, {
    provider,
    model: options.model ?? DEFAULT_CACHE_MODELS[provider],
    countTokens: toProviderTokenCounter(counter),
  });
  return {
    version: 1,
    estimate: true,
    before: before.label,
    after: after.label,
    ...explanation,
    // The inputs' problems (a skill skipped, a file cut) first, each once: both turns mostly read
    // the same files.
    diagnostics: uniqueDiagnostics([
      ...old.diagnostics,
      ...next.diagnostics,
      ...explanation.diagnostics,
    ]),
  };
}

/** The text form of `explain-cache --provider`. */
export function formatProviderCacheReport(report: ProviderCacheReport, styler: Styler): string {
  const show = escapeTerminalText;
  const lines = [
    styler.bold(
      `${report.provider} (${show(report.model)}), ${report.layout} layout: ${show(report.before)} → ${show(report.after)}`,
    ),
  ];
  const fullMiss = report.firstChange !== undefined && report.reusedTokens === 0;
  if (fullMiss) {
    lines.push(styler.red("Full miss: nothing of the prefix is read from cache."));
  }
  lines.push(...report.lines.map(show));
  const { added, removed, changed } = report.toolChanges;
  for (const [what, names] of [
    ["added", added],
    ["removed", removed],
    ["changed", changed],
  ] as const) {
    if (names.length > 0) lines.push(`Tools ${what}: ${names.map(show).join(", ")}.`);
  }
  lines.push(
    `Prefix (tools + system): ${formatNumber(report.prefixTokens.before)} tokens before, ${formatNumber(report.prefixTokens.after)} after; ${formatNumber(report.reusedTokens)} read from cache, ${formatNumber(report.rebilledTokens)} billed again.`,
    styler.dim(
      `Token counts: ${report.tokenCounter.name}${report.tokenCounter.estimate ? ", an estimate for this model" : ""}. An estimate under SPEC §11 rules, not a bill.`,
    ),
  );
  return `${lines.join("\n")}\n`;
}
