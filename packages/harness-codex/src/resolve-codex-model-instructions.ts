import { CodexError } from "./codex-error.js";
import type { CodexModelCatalog } from "./parse-codex-model-catalog.js";

/** Which model to pick and which personality variant to fill in. */
export interface CodexModelInstructionsRequest {
  readonly slug: string;
  /** Personality name; `default` (or absent) selects `personality_default`. `none` fills nothing. */
  readonly personality?: string;
}

/** The selected instructions and how they were produced. */
export interface CodexModelInstructions {
  readonly slug: string;
  readonly instructions: string;
  /** `template` when `instructions_template` was used, else `base_instructions`. */
  readonly origin: "template" | "base_instructions";
  /** The variable filled into `{{ personality }}`, when any. */
  readonly personalityVariable?: string;
}

const PERSONALITY_PLACEHOLDER = /\{\{\s*personality\s*\}\}/g;

/**
 * Selects a model's instructions from a catalog.
 * Rules: with `model_messages.instructions_template`, every `{{ personality }}` is replaced by
 * `instructions_variables.personality_<name>` (`default` when no personality is given; an empty
 * string for `none` or when that variable is missing); otherwise `base_instructions`.
 * Throws `CODEX_UNKNOWN_MODEL` (listing the known slugs) for an unknown slug, and
 * `CODEX_CATALOG_INVALID` when the entry has neither a template nor base instructions.
 */
export function resolveCodexModelInstructions(
  catalog: CodexModelCatalog,
  request: CodexModelInstructionsRequest,
): CodexModelInstructions {
  const model = catalog.models.find((entry) => entry.slug === request.slug);
  if (model === undefined) {
    const known = catalog.models.map((entry) => entry.slug).sort();
    throw new CodexError(
      "CODEX_UNKNOWN_MODEL",
      `Model "${request.slug}" is not in ${catalog.source}. Known models: ${known.length === 0 ? "(none)" : known.join(", ")}.`,
      { path: catalog.source, hint: "Pick one of the known slugs or refresh the catalog." },
    );
  }
  if (model.instructionsTemplate !== undefined) {
    const personality = request.personality ?? "default";
    const variable = `personality_${personality}`;
    const value = personality === "none" ? "" : (model.instructionsVariables[variable] ?? "");
    return {
      slug: model.slug,
      instructions: model.instructionsTemplate.replace(PERSONALITY_PLACEHOLDER, () => value),
      origin: "template",
      ...(personality === "none" ? {} : { personalityVariable: variable }),
    };
  }
  if (model.baseInstructions !== undefined) {
    return { slug: model.slug, instructions: model.baseInstructions, origin: "base_instructions" };
  }
  throw new CodexError(
    "CODEX_CATALOG_INVALID",
    `Model "${model.slug}" in ${catalog.source} has neither model_messages.instructions_template nor base_instructions.`,
    { path: catalog.source, hint: "Refresh the catalog from a current Codex release." },
  );
}
