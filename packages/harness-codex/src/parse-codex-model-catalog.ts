import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";
import { CodexError } from "./codex-error.js";

/** One model entry of a Codex model catalog (only the fields promptstack reads). */
export interface CodexModelEntry {
  readonly slug: string;
  readonly displayName?: string;
  readonly baseInstructions?: string;
  readonly instructionsTemplate?: string;
  /** `model_messages.instructions_variables`, e.g. `personality_default`. */
  readonly instructionsVariables: Readonly<Record<string, string>>;
  readonly contextWindow?: number;
  /** `supported_reasoning_levels[].effort`, in catalog order; absent when the entry has none. */
  readonly supportedReasoningEfforts?: readonly string[];
}

/** A parsed Codex model catalog: `models.json` or the runtime `models_cache.json`. */
export interface CodexModelCatalog {
  /** File path or label the catalog was read from (used in messages and fixture metadata). */
  readonly source: string;
  /** `models` for a plain `models.json`, `models_cache` when fetch metadata wraps the list. */
  readonly shape: "models" | "models_cache";
  readonly fetchedAt?: string;
  readonly etag?: string;
  readonly clientVersion?: string;
  readonly models: readonly CodexModelEntry[];
}

const modelSchema = z.looseObject({
  slug: z.string().check(z.minLength(1)),
  display_name: z.optional(z.string()),
  base_instructions: z.nullish(z.string()),
  context_window: z.nullish(z.number()),
  // Entries are `{ effort, description }`; a bare string is accepted too.
  supported_reasoning_levels: z.nullish(
    z.array(z.union([z.string(), z.looseObject({ effort: z.string() })])),
  ),
  model_messages: z.nullish(
    z.looseObject({
      instructions_template: z.nullish(z.string()),
      instructions_variables: z.nullish(z.record(z.string(), z.nullish(z.string()))),
    }),
  ),
});

const catalogSchema = z.looseObject({
  models: z.array(modelSchema),
  fetched_at: z.nullish(z.string()),
  etag: z.nullish(z.string()),
  client_version: z.nullish(z.string()),
});

const CACHE_KEYS = ["fetched_at", "etag", "client_version"] as const;

/**
 * Parses the text of a Codex `models.json` or `models_cache.json`. Unknown fields are ignored.
 * Throws `CodexError` `CODEX_CATALOG_INVALID`, naming `source`, when the text is not a catalog.
 */
export function parseCodexModelCatalog(text: string, source: string): CodexModelCatalog {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw invalid(source, "it is not valid JSON", cause);
  }
  // zod/mini registers no message locale; the messages below are zod's English ones, as zod
  // classic registers them on its first schema (unless the host chose a locale: it is global).
  if (z.config().localeError === undefined) z.config(en());
  const parsed = catalogSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where =
      issue === undefined || issue.path.length === 0 ? "top level" : issue.path.join(".");
    const what = (issue?.message ?? "unexpected shape")
      .replace(/^invalid input: /i, "")
      .replace(/received undefined/, "the field is missing");
    throw invalid(source, `${where}: ${what}`);
  }
  const data = parsed.data;
  const isCache = CACHE_KEYS.some((key) => key in (json as Record<string, unknown>));
  const models = data.models.map((model): CodexModelEntry => {
    const variables: Record<string, string> = {};
    for (const [key, value] of Object.entries(model.model_messages?.instructions_variables ?? {})) {
      if (typeof value === "string") variables[key] = value;
    }
    return {
      slug: model.slug,
      ...(model.display_name === undefined ? {} : { displayName: model.display_name }),
      ...(typeof model.base_instructions === "string"
        ? { baseInstructions: model.base_instructions }
        : {}),
      ...(typeof model.model_messages?.instructions_template === "string"
        ? { instructionsTemplate: model.model_messages.instructions_template }
        : {}),
      instructionsVariables: variables,
      ...(typeof model.context_window === "number" ? { contextWindow: model.context_window } : {}),
      ...(model.supported_reasoning_levels === undefined ||
      model.supported_reasoning_levels === null
        ? {}
        : {
            supportedReasoningEfforts: model.supported_reasoning_levels.map((level) =>
              typeof level === "string" ? level : level.effort,
            ),
          }),
    };
  });
  return {
    source,
    shape: isCache ? "models_cache" : "models",
    ...(typeof data.fetched_at === "string" ? { fetchedAt: data.fetched_at } : {}),
    ...(typeof data.etag === "string" ? { etag: data.etag } : {}),
    ...(typeof data.client_version === "string" ? { clientVersion: data.client_version } : {}),
    models,
  };
}

function invalid(source: string, reason: string, cause?: unknown): CodexError {
  return new CodexError(
    "CODEX_CATALOG_INVALID",
    `${source} is not a Codex model catalog: ${reason}.`,
    {
      path: source,
      hint: 'Pass a models.json ({ "models": [...] }) or a models_cache.json from CODEX_HOME.',
      ...(cause === undefined ? {} : { cause }),
    },
  );
}
