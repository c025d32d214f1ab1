import { z } from "zod";

const nonNegativeInt = z.int().nonnegative();

const renderOutputSectionSchema = z
  .object({
    id: z.string().describe("Stable snake_case section id, e.g. `execution_bias`."),
    heading: z
      .string()
      .describe("The section's heading as rendered (empty for the identity line)."),
    cache: z.enum(["stable", "volatile"]).describe("Side of the cache boundary."),
    chars: nonNegativeInt.describe("UTF-16 code units of the section text."),
    tokens: nonNegativeInt.describe("o200k_base tokens of the section text."),
  })
  .strict();

const renderOutputBootstrapFileSchema = z
  .object({
    name: z.string().describe("File name, e.g. `AGENTS.md`."),
    path: z.string().describe("Display path of the file."),
    status: z.enum(["ok", "truncated", "missing", "skipped"]),
    rawChars: nonNegativeInt.describe("Characters on disk (0 when missing)."),
    injectedChars: nonNegativeInt.describe(
      "Characters injected into the prompt, markers included.",
    ),
    limitedBy: z
      .enum(["per-file", "total"])
      .nullable()
      .describe("Which budget truncated the file; null when it was not truncated."),
  })
  .strict();

const renderOutputDiagnosticSchema = z
  .object({
    code: z.string(),
    severity: z.enum(["error", "warning", "info"]),
    message: z.string(),
    path: z.string().optional(),
    hint: z.string().optional(),
  })
  .strict();

const renderOutputLayerSchema = z
  .object({
    role: z.enum(["system", "developer", "user"]),
    source: z.string().describe("What produced the layer, e.g. `model-instructions`."),
    text: z.string(),
    chars: nonNegativeInt,
    tokens: nonNegativeInt,
  })
  .strict();

/** The `render --json` output: a documented, versioned contract (see docs/cli.md). */
export const renderOutputSchema = z
  .object({
    version: z.literal(1).describe("Contract version; bumped on any breaking change."),
    text: z.string().describe("The prompt exactly as the model gets it (cache marker stripped)."),
    boundary: z
      .int()
      .min(-1)
      .describe("Offset in `text` where the volatile suffix starts; -1 when there is no boundary."),
    sections: z.array(renderOutputSectionSchema),
    bootstrap: z.array(renderOutputBootstrapFileSchema),
    skills: z
      .object({
        eligible: nonNegativeInt.describe("Skills that passed every gate."),
        included: nonNegativeInt.describe("Skills listed in the prompt."),
        omitted: z.array(z.string()).describe("Eligible skills left out by the budget."),
        chars: nonNegativeInt.describe("Characters of the skills list."),
        format: z.string().describe("Degradation step the list needed, e.g. `full`."),
      })
      .strict(),
    diagnostics: z.array(renderOutputDiagnosticSchema),
    totals: z
      .object({
        chars: nonNegativeInt,
        tokens: nonNegativeInt,
        stableChars: nonNegativeInt.describe(
          "Characters above the boundary (the cacheable prefix).",
        ),
        stableTokens: nonNegativeInt,
      })
      .strict(),
    codex: z
      .object({
        threadStart: z.record(z.string(), z.unknown()).describe("Codex `thread/start` params."),
        threadResume: z.record(z.string(), z.unknown()).describe("Codex `thread/resume` params."),
        turnStart: z.record(z.string(), z.unknown()).describe("Codex `turn/start` params."),
        layers: z.array(renderOutputLayerSchema).describe("Reconstructed model-bound layers."),
      })
      .strict()
      .optional()
      .describe("Present with `--harness codex` only."),
  })
  .strict();

/** The `render --json` output, as a TypeScript type. */
export type RenderOutput = z.infer<typeof renderOutputSchema>;

/** JSON Schema (draft 2020-12) of the `render --json` output. */
export function buildRenderOutputJsonSchema(): Record<string, unknown> {
  return {
    $id: "https://promptstack.invalid/schemas/render-output.schema.json",
    title: "promptstack render --json output",
    ...z.toJSONSchema(renderOutputSchema),
  };
}
