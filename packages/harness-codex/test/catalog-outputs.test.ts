import { afterEach, describe, expect, it } from "vitest";
import { catchCodexError } from "./catch-codex-error.js";
import * as z from "zod/mini";
import { parseCodexModelCatalog } from "../src/parse-codex-model-catalog.js";
import { resolveCodexCatalogCandidates } from "../src/resolve-codex-catalog-candidates.js";
import { resolveCodexModelInstructions } from "../src/resolve-codex-model-instructions.js";
import type { CodexModelCatalog } from "../src/parse-codex-model-catalog.js";

// Exact outputs of the catalog code: every field of a parsed entry, every refusal with its code,
// path, hint and reason (mutation testing showed the partial assertions elsewhere let these drift).

const CATALOG_HINT =
  'Pass a models.json ({ "models": [...] }) or a models_cache.json from CODEX_HOME.';

describe("parseCodexModelCatalog, exact output", () => {
  it("maps every field of an entry and leaves absent or null ones out", () => {
    const text = JSON.stringify({
      models: [
        {
          slug: "full",
          display_name: "Full",
          base_instructions: "BASE",
          context_window: 272000,
          supported_reasoning_levels: [{ effort: "low", description: "d" }, "high"],
          model_messages: {
            instructions_template: "T {{ personality }}",
            instructions_variables: { personality_default: "warm", personality_x: null },
          },
          unknown_field: 1,
        },
        {
          slug: "bare",
          base_instructions: null,
          context_window: null,
          supported_reasoning_levels: null,
          model_messages: { instructions_template: null, instructions_variables: null },
        },
        { slug: "empty-levels", supported_reasoning_levels: [] },
      ],
    });
    expect(parseCodexModelCatalog(text, "models.json")).toStrictEqual({
      source: "models.json",
      shape: "models",
      models: [
        {
          slug: "full",
          displayName: "Full",
          baseInstructions: "BASE",
          instructionsTemplate: "T {{ personality }}",
          instructionsVariables: { personality_default: "warm" },
          contextWindow: 272000,
          supportedReasoningEfforts: ["low", "high"],
        },
        { slug: "bare", instructionsVariables: {} },
        { slug: "empty-levels", instructionsVariables: {}, supportedReasoningEfforts: [] },
      ],
    });
  });

  it.each([
    [{ models: [], etag: "e" }, { etag: "e" }],
    [{ models: [], fetched_at: "2026-01-01" }, { fetchedAt: "2026-01-01" }],
    [{ models: [], client_version: "0.171.0" }, { clientVersion: "0.171.0" }],
    [{ models: [], etag: null }, {}],
  ])("any one cache key makes a models_cache: %j", (json, metadata) => {
    expect(parseCodexModelCatalog(JSON.stringify(json), "c.json")).toStrictEqual({
      source: "c.json",
      shape: "models_cache",
      ...metadata,
      models: [],
    });
  });

  it("refuses text that is not JSON, naming the file, with the parser's error as cause", () => {
    const error = catchCodexError(() => parseCodexModelCatalog("{", "/x/models.json"));
    expect(error).toMatchObject({
      code: "CODEX_CATALOG_INVALID",
      message: "/x/models.json is not a Codex model catalog: it is not valid JSON.",
      path: "/x/models.json",
      hint: CATALOG_HINT,
    });
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it.each([
    ["[]", "top level: expected object, received array"],
    ["{}", "models: expected array, the field is missing"],
    [
      '{"models":[{"slug":""}]}',
      "models.0.slug: Too small: expected string to have >=1 characters",
    ],
    [
      '{"models":[{"slug":"a","context_window":"big"}]}',
      "models.0.context_window: expected number, received string",
    ],
  ])("refuses %s with where and what", (text, reason) => {
    const error = catchCodexError(() => parseCodexModelCatalog(text, "m.json"));
    expect(error).toMatchObject({
      code: "CODEX_CATALOG_INVALID",
      message: `m.json is not a Codex model catalog: ${reason}.`,
      path: "m.json",
      hint: CATALOG_HINT,
    });
    expect("cause" in error && error.cause !== undefined).toBe(false);
  });

  describe("zod's message locale", () => {
    afterEach(() => {
      z.config({ localeError: undefined });
    });

    it("registers zod's English messages when no locale is set", () => {
      z.config({ localeError: undefined });
      expect(catchCodexError(() => parseCodexModelCatalog("{}", "m.json")).message).toBe(
        "m.json is not a Codex model catalog: models: expected array, the field is missing.",
      );
    });

    it("keeps a locale the host chose", () => {
      z.config({ localeError: () => "host words" });
      expect(catchCodexError(() => parseCodexModelCatalog("{}", "m.json")).message).toBe(
        "m.json is not a Codex model catalog: models: host words.",
      );
    });
  });
});

describe("resolveCodexModelInstructions, exact output", () => {
  const catalog: CodexModelCatalog = {
    source: "cat.json",
    shape: "models",
    models: [
      {
        slug: "tpl",
        instructionsTemplate: "A{{ personality }}B{{personality}}C",
        instructionsVariables: {
          personality_default: "d",
          personality_pirate: "p",
          personality_none: "n",
        },
        baseInstructions: "BASE",
      },
      { slug: "base", instructionsVariables: {}, baseInstructions: "BASE ONLY" },
      { slug: "nothing", instructionsVariables: {} },
    ],
  };

  it.each([
    [undefined, { instructions: "AdBdC", personalityVariable: "personality_default" }],
    ["pirate", { instructions: "ApBpC", personalityVariable: "personality_pirate" }],
    ["missing", { instructions: "ABC", personalityVariable: "personality_missing" }],
    ["none", { instructions: "ABC" }],
  ])("fills the template for personality %s", (personality, expected) => {
    expect(
      resolveCodexModelInstructions(catalog, {
        slug: "tpl",
        ...(personality === undefined ? {} : { personality }),
      }),
    ).toStrictEqual({ slug: "tpl", origin: "template", ...expected });
  });

  it("uses base instructions without a template", () => {
    expect(resolveCodexModelInstructions(catalog, { slug: "base" })).toStrictEqual({
      slug: "base",
      instructions: "BASE ONLY",
      origin: "base_instructions",
    });
  });

  it("refuses an entry with neither a template nor base instructions", () => {
    expect(
      catchCodexError(() => resolveCodexModelInstructions(catalog, { slug: "nothing" })),
    ).toMatchObject({
      code: "CODEX_CATALOG_INVALID",
      message:
        'Model "nothing" in cat.json has neither model_messages.instructions_template nor base_instructions.',
      path: "cat.json",
      hint: "Refresh the catalog from a current Codex release.",
    });
  });

  it("refuses an unknown slug, listing the known ones sorted, or (none)", () => {
    expect(
      catchCodexError(() => resolveCodexModelInstructions(catalog, { slug: "zzz" })),
    ).toMatchObject({
      code: "CODEX_UNKNOWN_MODEL",
      message: 'Model "zzz" is not in cat.json. Known models: base, nothing, tpl.',
      path: "cat.json",
      hint: "Pick one of the known slugs or refresh the catalog.",
    });
    const empty = { ...catalog, models: [] };
    expect(
      catchCodexError(() => resolveCodexModelInstructions(empty, { slug: "zzz" })).message,
    ).toBe('Model "zzz" is not in cat.json. Known models: (none).');
  });

  it("names errors CodexError", () => {
    expect(
      catchCodexError(() => resolveCodexModelInstructions(catalog, { slug: "zzz" })).name,
    ).toBe("CodexError");
  });
});

describe("resolveCodexCatalogCandidates", () => {
  it("tries CODEX_HOME first, then ~/.codex, then a source checkout", () => {
    expect(resolveCodexCatalogCandidates({ env: { CODEX_HOME: "/ch" }, homeDir: "/h" })).toEqual([
      "/ch/models_cache.json",
      "/h/.codex/models_cache.json",
      "/h/code/codex/codex-rs/models-manager/models.json",
    ]);
  });

  it.each([{}, { CODEX_HOME: "" }])("skips an unset or empty CODEX_HOME: %j", (env) => {
    expect(resolveCodexCatalogCandidates({ env, homeDir: "/h" })).toEqual([
      "/h/.codex/models_cache.json",
      "/h/code/codex/codex-rs/models-manager/models.json",
    ]);
  });
});
