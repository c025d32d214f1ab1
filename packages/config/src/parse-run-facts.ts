import { ConfigError } from "./config-error.js";
import type { ConfigIssue } from "./config-error.js";
import { buildJsonSchemaFromZod } from "./build-json-schema-from-zod.js";
import type { JsonSchema } from "./build-config-json-schema.js";
import { findDocumentHazards } from "./find-document-hazards.js";
import { formatZodIssues } from "./format-zod-issues.js";
import { getRunFactsSchema } from "./run-facts-schema.js";
import type { RunFacts, RunFactsInput } from "./run-facts-types.js";

/**
 * Validates a run facts document (facts.json, already parsed). Fills capability defaults.
 * Throws `ConfigError` `CONFIG_INVALID_FACTS` listing every offending path.
 */
export function parseRunFacts(raw: RunFactsInput, options?: { readonly source?: string }): RunFacts;
/** Any value, e.g. a parsed JSON file: checked at run time. */
export function parseRunFacts(raw: unknown, options?: { readonly source?: string }): RunFacts;
export function parseRunFacts(raw: unknown, options: { readonly source?: string } = {}): RunFacts {
  const where = options.source ?? "run facts";
  const hazards = findDocumentHazards(raw);
  if (hazards.length > 0) throw createInvalidFactsError(where, hazards);
  const result = getRunFactsSchema().safeParse(raw, { reportInput: true });
  if (!result.success) throw createInvalidFactsError(where, formatZodIssues(result.error.issues));
  return result.data as RunFacts;
}

/** The run facts JSON Schema (zod's export, input side). */
export function buildRunFactsJsonSchema(): JsonSchema {
  return buildJsonSchemaFromZod(getRunFactsSchema(), "promptstack run facts");
}

function createInvalidFactsError(where: string, issues: readonly ConfigIssue[]): ConfigError {
  const lines = issues.map((issue) => `  ${issue.path}: ${issue.message}`);
  return new ConfigError(
    "CONFIG_INVALID_FACTS",
    `Invalid ${where} (${issues.length} ${issues.length === 1 ? "problem" : "problems"}):\n${lines.join("\n")}`,
    {
      issues,
      ...(issues[0] === undefined ? {} : { path: issues[0].path }),
      hint: "Fix each listed path; docs/run-facts.md in the promptstack repository, or buildRunFactsJsonSchema(), describes every field.",
    },
  );
}
