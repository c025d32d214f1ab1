import { countTokens } from "./count-tokens.js";
import type { RenderRun } from "./render-run.js";

/** The `context --json` output: what each input contributes to the prompt. */
export interface ContextReport {
  readonly version: 1;
  readonly bootstrap: readonly {
    readonly name: string;
    readonly path: string;
    readonly status: "ok" | "truncated" | "missing" | "skipped";
    readonly rawChars: number;
    readonly injectedChars: number;
    /** Null when the raw file was not read (missing, skipped, or too large to count). */
    readonly rawTokens: number | null;
    readonly injectedTokens: number;
    readonly limitedBy: "per-file" | "total" | null;
  }[];
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
  readonly sections: readonly {
    readonly id: string;
    readonly heading: string;
    readonly cache: "stable" | "volatile";
    readonly chars: number;
    readonly tokens: number;
  }[];
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
export function buildContextReport(run: RenderRun): ContextReport {
  const stable = run.boundary === -1 ? run.modelText : run.modelText.slice(0, run.boundary);
  const volatile = run.boundary === -1 ? "" : run.modelText.slice(run.boundary);
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
    bootstrap: run.bootstrap.map((file) => ({
      name: file.name,
      path: file.path,
      status: file.status,
      rawChars: file.rawChars,
      injectedChars: file.injectedChars,
      rawTokens: file.rawText === undefined ? null : countTokens(file.rawText),
      injectedTokens: file.injectedText === undefined ? 0 : countTokens(file.injectedText),
      limitedBy: file.limitedBy,
    })),
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
        ...(skill.reason === undefined ? {} : { reason: skill.reason }),
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
    sections: run.prompt.sections.map((section) => ({
      id: section.id,
      heading: section.heading,
      cache: section.cache,
      chars: section.text.length,
      tokens: countTokens(section.text),
    })),
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
