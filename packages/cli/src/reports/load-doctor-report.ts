import { diagnoseAgentTurn } from "@promptstack/agent";
import type { AgentTurn, DoctorFinding, DoctorSeverity } from "@promptstack/agent";
import { buildAnthropicRequest, buildOpenAIResponsesRequest } from "@promptstack/providers";
import type { CacheProvider } from "@promptstack/providers";
import type { Diagnostic, TokenCounter } from "@promptstack/core";
import type { CliIo } from "../cli-io.js";
import type { InputOptions } from "../inputs/input-options.js";
import { loadFacts, openRenderAssembler } from "../inputs/load-render-run.js";
import { DEFAULT_CACHE_MODELS, toProviderTokenCounter } from "./build-cache-report.js";

/** Flags of `promptstack doctor` on top of the shared input flags. */
export interface DoctorOptions extends InputOptions {
  readonly strict?: boolean;
  readonly provider?: CacheProvider;
  readonly model?: string;
}

/** What `doctor --json` prints. */
export interface DoctorReport {
  readonly version: 1;
  /** The workspace checked (display path). */
  readonly workspace: string;
  /** `{ provider, model }` when `--provider` was given. */
  readonly provider?: { readonly provider: CacheProvider; readonly model: string };
  readonly counts: Readonly<Record<DoctorSeverity, number>>;
  readonly findings: readonly DoctorFinding[];
}

/**
 * The provider's diagnostics for a request built from this turn: the minimum-cacheable-prefix
 * check lives in `@promptstack/providers` and is used as is. Tool descriptions with per-turn
 * values are left to the config's check of the same turn, which names the fact.
 */
function toProviderDiagnostics(
  turn: AgentTurn,
  provider: CacheProvider,
  model: string,
  counter: TokenCounter,
): readonly Diagnostic[] {
  const options = { model, userText: "", countTokens: toProviderTokenCounter(counter) };
  const built =
    provider === "anthropic"
      ? // max_tokens is required by the request shape; it does not touch the prefix check.
        buildAnthropicRequest(turn, { ...options, maxTokens: 1024 })
      : buildOpenAIResponsesRequest(turn, options);
  return built.diagnostics.filter(
    (diagnostic) => diagnostic.code !== "PROVIDERS_VOLATILE_TOOL_DESCRIPTION",
  );
}

/**
 * Assembles one turn from the input flags (the demo when left out), exactly as `render` does,
 * and maps it to findings with `diagnoseAgentTurn`. `counter` sizes the provider request; it is
 * needed (and loaded by the caller) only with `--provider`.
 */
export async function loadDoctorReport(
  options: DoctorOptions,
  io: CliIo,
  counter: TokenCounter | undefined,
): Promise<DoctorReport> {
  const { assembler, assets } = await openRenderAssembler(options, io);
  let turn: AgentTurn;
  try {
    turn = await assembler.turn(await loadFacts(options.facts, io, assets.demo), {
      countTokens: true,
    });
  } finally {
    await assembler.close();
  }
  const { demo } = assets;
  const isDemo = options.workspace === undefined;
  const configPath =
    options.config ?? (isDemo ? `${demo.displayWorkspaceDir}/config.json5` : undefined);
  const factsPath = options.facts ?? `${demo.displayWorkspaceDir}/facts.json`;
  const model =
    options.provider === undefined
      ? undefined
      : (options.model ?? DEFAULT_CACHE_MODELS[options.provider]);
  const findings = diagnoseAgentTurn(turn, {
    ...(configPath === undefined ? {} : { configPath }),
    factsPath,
    ...(options.provider === undefined || model === undefined || counter === undefined
      ? {}
      : { providerDiagnostics: toProviderDiagnostics(turn, options.provider, model, counter) }),
  });
  const counts = { error: 0, warning: 0, info: 0 };
  for (const found of findings) counts[found.severity] += 1;
  return {
    version: 1,
    workspace: turn.workspace.shown,
    ...(options.provider === undefined || model === undefined
      ? {}
      : { provider: { provider: options.provider, model } }),
    counts,
    findings,
  };
}

/** Exit status of `doctor`: 2 with errors, 1 with warnings under `--strict`, else 0. */
export function toDoctorExitCode(report: DoctorReport, strict: boolean): number {
  if (report.counts.error > 0) return 2;
  if (strict && report.counts.warning > 0) return 1;
  return 0;
}
