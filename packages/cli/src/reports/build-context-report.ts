import type { TokenCounter } from "@promptstack/core";
import type { RenderRun } from "../inputs/render-run.js";
import { toBootstrapStats } from "./to-bootstrap-stats.js";
import type { BootstrapStat } from "./to-bootstrap-stats.js";
import { toPromptHalves } from "./to-prompt-halves.js";
import { toSectionStats } from "./to-section-stats.js";
import type { SectionStat } from "./to-section-stats.js";
import { pickSkillOutcome } from "../inputs/pick-run-fields.js";

/** The `context --json` output: what each input contributes to the prompt. */
export interface ContextReport {
  readonly version: 1;
  readonly bootstrap: readonly (BootstrapStat & {
    /** Null when the raw file was not read (missing, skipped, or too large to count). */
    readonly rawTokens: number | null;
    readonly injectedTokens: number;
  })[];
  readonly skills: {
    readonly discovered: number;
    readonly eligible: number;
    readonly included: number;
    readonly omitted: readonly string[];
    readonly chars: number;
    readonly tokens: number;
    readonly format: string;
    readonly entries: readonly {
      readonly name: string;
      readonly tier: string;
      readonly status: "included" | "omitted" | "excluded" | "shadowed";
      readonly reason?: string;
      /** `skills.entries.<key>.listing` and `priority`. */
      readonly listing: string;
      readonly priority: number;
      /** Eligible skills: full, shortened, compact, omitted or manual, and why when not full. */
      readonly form?: string;
      readonly formCause?: string;
      readonly chars: number;
      readonly tokens: number;
      readonly path: string;
    }[];
  };
  readonly tools: {
    readonly count: number;
    /** Characters of the JSON the tool specs serialize to (name, description, parameters). */
    readonly chars: number;
    readonly tokens: number;
    readonly entries: readonly {
      readonly name: string;
      readonly chars: number;
      readonly tokens: number;
    }[];
  };
  readonly sections: readonly SectionStat[];
  readonly totals: {
    readonly promptChars: number;
    readonly promptTokens: number;
    readonly stableChars: number;
    readonly stableTokens: number;
    readonly volatileChars: number;
    readonly volatileTokens: number;
    readonly toolSchemaTokens: number;
    /** System prompt plus tool schemas: what every request carries before the conversation. */
    readonly requestTokens: number;
  };
}

function serializeTool(tool: RenderRun["tools"][number]): string {
  return JSON.stringify({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    ...(tool.parameters === undefined ? {} : { parameters: tool.parameters }),
  });
}

/** Accounts for every input of a render run: files, skills, tool schemas, sections, totals. */
export function buildContextReport(run: RenderRun, counter: TokenCounter): ContextReport {
  const countTokens = (text: string): number => counter.countTokens(text);
  const { stable, volatile } = toPromptHalves(run);
  const tools = run.tools.map((tool) => {
    const json = serializeTool(tool);
    return { name: tool.name, chars: json.length, tokens: countTokens(json) };
  });
  const toolsJson = `[${run.tools.map(serializeTool).join(",")}]`;
  const toolSchemaTokens = run.tools.length === 0 ? 0 : countTokens(toolsJson);
  const promptTokens = countTokens(run.modelText);
  const stableTokens = countTokens(stable);
  return {
    version: 1,
    bootstrap: toBootstrapStats(run).map((stat, index) => {
      const file = run.bootstrap[index];
      return {
        ...stat,
        rawTokens: file?.rawText === undefined ? null : countTokens(file.rawText),
        injectedTokens: file?.injectedText === undefined ? 0 : countTokens(file.injectedText),
      };
    }),
    skills: {
      discovered: run.skills.all.length,
      eligible: run.skills.eligible,
      included: run.skills.included,
      omitted: [...run.skills.omitted],
      chars: run.skills.text.length,
      tokens: countTokens(run.skills.text),
      format: run.skills.format,
      entries: run.skills.all.map((skill) => ({
        name: skill.name,
        tier: skill.tier,
        status: skill.status,
        ...pickSkillOutcome(skill),
        chars: skill.chars,
        tokens: skill.chars === 0 ? 0 : countTokens(skill.entryText ?? ""),
        path: skill.path,
      })),
    },
    tools: {
      count: tools.length,
      chars: run.tools.length === 0 ? 0 : toolsJson.length,
      tokens: toolSchemaTokens,
      entries: tools,
    },
    sections: toSectionStats(run, counter),
    totals: {
      promptChars: run.modelText.length,
      promptTokens,
      stableChars: stable.length,
      stableTokens,
      volatileChars: volatile.length,
      volatileTokens: countTokens(volatile),
      toolSchemaTokens,
      requestTokens: promptTokens + toolSchemaTokens,
    },
  };
}
