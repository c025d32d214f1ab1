import type { Tool } from "@promptstack/renderer";
import type { Diagnostic } from "@promptstack/core";
import { assertObject, assertString, throwInvalidArgument } from "./assert-argument.js";
import { toCanonicalJsonValue } from "./format-canonical-json.js";
import { ProvidersError } from "./providers-error.js";
import type { CanonicalToolShape, ToolInputSchema } from "./types.js";

/** A tool in canonical form: keys of its schema sorted, so equal tools give equal bytes. */
export type CanonicalTool = CanonicalToolShape;

/** Options of `toCanonicalTools`. */
export interface ToCanonicalToolsOptions {
  /**
   * Per-turn values (channel, sender, session key, ...) that must not appear in a tool
   * description. Dates and clock times are always looked for.
   */
  readonly volatileValues?: readonly string[];
}

const DATE_PATTERN = /\b\d{4}-\d{2}-\d{2}\b/;
const TIME_PATTERN = /\b\d{1,2}:\d{2}(?::\d{2})?\b/;

/**
 * Sorts tools by name and canonicalizes their schemas, so the tool block never moves the cached
 * prefix. Reports a warning for each tool whose text holds a per-turn value; throws
 * `PROVIDERS_DUPLICATE_TOOL` when two tools share a name.
 */
export function toCanonicalTools(
  tools: readonly Tool[],
  options: ToCanonicalToolsOptions = {},
): { readonly tools: readonly CanonicalTool[]; readonly diagnostics: readonly Diagnostic[] } {
  if (!Array.isArray(tools)) throwInvalidArgument("toCanonicalTools", "tools", "an array", tools);
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const canonical = tools.map((tool, index): CanonicalTool => {
    assertObject(tool, "toCanonicalTools", `tools[${index}]`);
    assertString(tool.name, "toCanonicalTools", `tools[${index}].name`);
    if (seen.has(tool.name)) {
      throw new ProvidersError(
        "PROVIDERS_DUPLICATE_TOOL",
        `toCanonicalTools: two tools are named "${tool.name}".`,
        { path: `tools[${index}].name`, hint: "Give every tool a unique name." },
      );
    }
    seen.add(tool.name);
    if (tool.description !== undefined) {
      assertString(tool.description, "toCanonicalTools", `tools[${index}].description`);
    }
    const schema = tool.parameters ?? { type: "object" };
    assertObject(schema, "toCanonicalTools", `tools[${index}].parameters`);
    if (schema["type"] !== "object") {
      throwInvalidArgument(
        "toCanonicalTools",
        `tools[${index}].parameters.type`,
        '"object" (tool input is always an object)',
        schema["type"],
      );
    }
    const inputSchema = toCanonicalJsonValue(
      schema,
      `tools[${index}].parameters`,
    ) as ToolInputSchema;
    const text = `${tool.description ?? ""}\n${JSON.stringify(inputSchema)}`;
    const found = findVolatileValue(text, options.volatileValues ?? []);
    if (found !== undefined) {
      diagnostics.push({
        code: "PROVIDERS_VOLATILE_TOOL_DESCRIPTION",
        severity: "warning",
        message: `tool "${tool.name}" contains a per-turn value (${found}); tools come first in the cached prefix, so every change re-bills the whole prompt`,
        path: `tools[${index}]`,
        hint: "Keep tool descriptions constant; send per-turn values as runtime context.",
      });
    }
    return Object.freeze({ name: tool.name, description: tool.description, inputSchema });
  });
  // Names are unique (checked above), so no two tools compare equal.
  canonical.sort((a, b) => (a.name < b.name ? -1 : 1));
  return { tools: Object.freeze(canonical), diagnostics };
}

function findVolatileValue(text: string, values: readonly string[]): string | undefined {
  const date = DATE_PATTERN.exec(text);
  if (date !== null) return `a date, "${date[0]}"`;
  const time = TIME_PATTERN.exec(text);
  if (time !== null) return `a clock time, "${time[0]}"`;
  const value = values.find(
    (candidate) => candidate.trim().length >= 3 && text.includes(candidate),
  );
  return value === undefined ? undefined : `"${value}"`;
}
