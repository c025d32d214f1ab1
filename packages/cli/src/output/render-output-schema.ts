import * as z from "zod/mini";

const describe = z.describe;

const nonNegativeInt = z.int().check(z.nonnegative());

const renderOutputSectionSchema = z.strictObject({
  id: z.string().check(describe("Stable snake_case section id, e.g. `execution_bias`.")),
  heading: z
    .string()
    .check(describe("The section's heading as rendered (empty for the identity line).")),
  cache: z.enum(["stable", "volatile"]).check(describe("Side of the cache boundary.")),
  chars: nonNegativeInt.check(describe("UTF-16 code units of the section text.")),
  tokens: nonNegativeInt.check(describe("o200k_base tokens of the section text.")),
});

const renderOutputBootstrapFileSchema = z.strictObject({
  name: z.string().check(describe("File name, e.g. `AGENTS.md`.")),
  path: z.string().check(describe("Display path of the file.")),
  status: z.enum(["ok", "truncated", "missing", "skipped"]),
  rawChars: nonNegativeInt.check(describe("Characters on disk (0 when missing).")),
  injectedChars: nonNegativeInt.check(
    describe("Characters injected into the prompt, markers included."),
  ),
  limitedBy: z
    .nullable(z.enum(["per-file", "total"]))
    .check(describe("Which budget truncated the file; null when it was not truncated.")),
});

const renderOutputDiagnosticSchema = z.strictObject({
  code: z.string(),
  severity: z.enum(["error", "warning", "info"]),
  message: z.string(),
  path: z.optional(z.string()),
  hint: z.optional(z.string()),
});

const renderOutputLayerSchema = z.strictObject({
  role: z.enum(["system", "developer", "user"]),
  source: z.string().check(describe("What produced the layer, e.g. `model-instructions`.")),
  text: z.string(),
  chars: nonNegativeInt,
  tokens: nonNegativeInt,
});

/** The `render --json` output: a documented, versioned contract (see docs/cli.md). */
export const renderOutputSchema = z.strictObject({
  version: z.literal(1).check(describe("Contract version; bumped on any breaking change.")),
  text: z
    .string()
    .check(describe("The prompt exactly as the model gets it (cache marker stripped).")),
  boundary: z
    .int()
    .check(
      z.minimum(-1),
      describe("Offset in `text` where the volatile suffix starts; -1 when there is no boundary."),
    ),
  sections: z.array(renderOutputSectionSchema),
  bootstrap: z.array(renderOutputBootstrapFileSchema),
  skills: z.strictObject({
    eligible: nonNegativeInt.check(describe("Skills that passed every gate.")),
    included: nonNegativeInt.check(describe("Skills listed in the prompt.")),
    omitted: z.array(z.string()).check(describe("Eligible skills left out by the budget.")),
    chars: nonNegativeInt.check(describe("Characters of the skills list.")),
    format: z.string().check(describe("Degradation step the list needed, e.g. `full`.")),
  }),
  diagnostics: z.array(renderOutputDiagnosticSchema),
  totals: z.strictObject({
    chars: nonNegativeInt,
    tokens: nonNegativeInt,
    stableChars: nonNegativeInt.check(
      describe("Characters above the boundary (the cacheable prefix)."),
    ),
    stableTokens: nonNegativeInt,
  }),
  turnInput: z
    .optional(
      z.strictObject({
        userText: z.optional(z.string()).check(describe("What the user wrote this turn.")),
        startup: z
          .optional(z.string())
          .check(describe("One-time start-up block of a bare `/new` or `/reset`.")),
        heartbeat: z
          .optional(z.string())
          .check(describe("Heartbeat message: the configured prompt and the heartbeat file.")),
        carrier: z
          .optional(z.string())
          .check(describe("Runtime-context carrier built from the facts' `runtimeContext`.")),
      }),
    )
    .check(
      describe(
        "The turn's own input, sent with the user's message; absent when the turn has none.",
      ),
    ),
  codex: z
    .optional(
      z.strictObject({
        threadStart: z
          .record(z.string(), z.unknown())
          .check(describe("Codex `thread/start` params.")),
        threadResume: z
          .record(z.string(), z.unknown())
          .check(describe("Codex `thread/resume` params.")),
        turnStart: z.record(z.string(), z.unknown()).check(describe("Codex `turn/start` params.")),
        layers: z
          .array(renderOutputLayerSchema)
          .check(describe("Reconstructed model-bound layers.")),
      }),
    )
    .check(describe("Present with `--harness codex` only.")),
});

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
