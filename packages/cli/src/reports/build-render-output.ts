import type { TokenCounter } from "@promptstack/core";
import type { RenderOutput } from "../output/render-output-schema.js";
import type { RenderRun } from "../inputs/render-run.js";
import { toBootstrapStats } from "./to-bootstrap-stats.js";
import { toPromptHalves } from "./to-prompt-halves.js";
import { toSectionStats } from "./to-section-stats.js";
import { toOutputDiagnostic } from "./to-output-diagnostic.js";

/** Maps a render run onto the `render --json` contract (see `renderOutputSchema`). */
export function buildRenderOutput(run: RenderRun, counter: TokenCounter): RenderOutput {
  const { stable: stableText } = toPromptHalves(run);
  const output: RenderOutput = {
    version: 1,
    text: run.modelText,
    boundary: run.boundary,
    sections: toSectionStats(run, counter),
    bootstrap: toBootstrapStats(run),
    skills: {
      eligible: run.skills.eligible,
      included: run.skills.included,
      omitted: [...run.skills.omitted],
      chars: run.skills.text.length,
      format: run.skills.format,
    },
    diagnostics: run.diagnostics.map(toOutputDiagnostic),
    totals: {
      chars: run.modelText.length,
      tokens: counter.countTokens(run.modelText),
      stableChars: stableText.length,
      stableTokens: counter.countTokens(stableText),
    },
    ...(run.turnInput === undefined ? {} : { turnInput: { ...run.turnInput } }),
  };
  if (run.codex === undefined) return output;
  return {
    ...output,
    codex: {
      threadStart: { ...run.codex.threadStart },
      threadResume: { ...run.codex.threadResume },
      turnStart: { ...run.codex.turnStart },
      layers: run.codex.layers.map((layer) => ({
        role: layer.role,
        source: layer.source,
        text: layer.text,
        chars: layer.text.length,
        tokens: counter.countTokens(layer.text),
      })),
    },
  };
}
