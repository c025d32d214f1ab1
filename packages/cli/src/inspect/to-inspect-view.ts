import type { TokenCounter } from "@promptstack/core";
import type { CacheExplanation } from "../reports/build-cache-explanation.js";
import { buildContextReport } from "../reports/build-context-report.js";
import { buildRenderOutput } from "../reports/build-render-output.js";
import type { RenderRun, RenderRunBootstrapFile } from "../inputs/render-run.js";
import type { InspectSourceItem, InspectTruncation, InspectView } from "./inspect-view.js";
import { toOutputDiagnostic } from "../reports/to-output-diagnostic.js";

/** What `toInspectView` maps: one render run, labels, and optionally a cache comparison. */
export interface InspectViewInput {
  readonly run: RenderRun;
  readonly title: string;
  readonly source: readonly InspectSourceItem[];
  /** `explain-cache`'s comparison of an earlier turn with `run`. */
  readonly cacheExplanation?: CacheExplanation;
  /** The run's token counter: the page shows counts. */
  readonly counter: TokenCounter;
}

function commonPrefixLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a.charCodeAt(index) === b.charCodeAt(index)) index += 1;
  return index;
}

function commonSuffixLength(a: string, b: string, limit: number): number {
  let length = 0;
  while (
    length < limit &&
    a.charCodeAt(a.length - 1 - length) === b.charCodeAt(b.length - 1 - length)
  ) {
    length += 1;
  }
  return length;
}

/**
 * The kept head and tail of a truncated file: the injected text's common prefix and suffix with
 * the raw text (which the loader trims at the end before cutting). Whatever lies between them in
 * the injected text is the truncation marker.
 */
function toTruncation(file: RenderRunBootstrapFile): InspectTruncation | undefined {
  if (file.status !== "truncated" || file.rawText === undefined) return undefined;
  if (file.injectedText === undefined) return undefined;
  const raw = file.rawText.trimEnd();
  const injected = file.injectedText;
  const head = commonPrefixLength(raw, injected);
  const tail = commonSuffixLength(
    raw,
    injected,
    Math.min(raw.length - head, injected.length - head),
  );
  return {
    head: injected.slice(0, head),
    tail: injected.slice(injected.length - tail),
    omittedChars: raw.length - head - tail,
    marker: injected.slice(head, injected.length - tail),
  };
}

/**
 * Maps a render run (and an optional cache explanation) onto the inspect page's view-model. The
 * counts come from the same builders as `render --json` and `context --json`, so the page and
 * those outputs always agree. This is the one place that knows the run's shape.
 */
export function toInspectView(input: InspectViewInput): InspectView {
  const { run } = input;
  const report = buildContextReport(run, input.counter);
  const output = buildRenderOutput(run, input.counter);
  const diagnostics = run.diagnostics.map(toOutputDiagnostic);
  const explanation = input.cacheExplanation;
  return {
    title: input.title,
    source: input.source,
    sections: report.sections.map((stat, index) => ({
      id: stat.id,
      heading: stat.heading,
      text: run.prompt.sections[index]?.text ?? "",
      cache: stat.cache,
      chars: stat.chars,
      tokens: stat.tokens,
    })),
    boundary: run.boundary === -1 ? null : { offset: run.boundary },
    totals: {
      chars: report.totals.promptChars,
      tokens: report.totals.promptTokens,
      stableChars: report.totals.stableChars,
      stableTokens: report.totals.stableTokens,
      volatileChars: report.totals.volatileChars,
      volatileTokens: report.totals.volatileTokens,
      toolSchemaTokens: report.totals.toolSchemaTokens,
    },
    bootstrap: report.bootstrap.map((stat, index) => {
      const file = run.bootstrap[index];
      const truncation = file === undefined ? undefined : toTruncation(file);
      return {
        name: stat.name,
        path: stat.path,
        status: stat.status,
        rawChars: stat.rawChars,
        rawTokens: stat.rawTokens,
        injectedChars: stat.injectedChars,
        injectedTokens: stat.injectedTokens,
        limitedBy: stat.limitedBy,
        ...(file?.reason === undefined ? {} : { reason: file.reason }),
        ...(truncation === undefined ? {} : { truncation }),
        diagnostics: diagnostics.filter((diagnostic) => diagnostic.path === stat.path),
      };
    }),
    skills: {
      format: report.skills.format,
      discovered: report.skills.discovered,
      eligible: report.skills.eligible,
      included: report.skills.included,
      chars: report.skills.chars,
      tokens: report.skills.tokens,
      entries: report.skills.entries,
    },
    diagnostics,
    ...(output.codex === undefined ? {} : { codexLayers: output.codex.layers }),
    ...(explanation === undefined
      ? {}
      : {
          cacheDiff: {
            beforeLabel: explanation.before.label,
            afterLabel: explanation.after.label,
            outcome: explanation.outcome,
            beforeStableTokens: explanation.before.stableTokens,
            afterStableTokens: explanation.after.stableTokens,
            reusablePrefixTokens: explanation.sharedPrefix.tokens,
            reusablePrefixChars: explanation.sharedPrefix.chars,
            ...(explanation.firstDifference === undefined
              ? {}
              : { firstDifference: explanation.firstDifference }),
            volatileChanges: explanation.volatileChanges,
          },
        }),
  };
}
