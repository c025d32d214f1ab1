import { formatCanonicalJson } from "@promptstack/core";
import { resolveCodexModelInstructions } from "@promptstack/harness-codex";
import type { CodexModelCatalog } from "@promptstack/harness-codex";

/** The pinned model prompt the snapshots reconstruct as the first (system) layer. */
export interface CodexModelPromptFixture {
  readonly slug: string;
  readonly personality: string;
  readonly instructions: string;
  readonly origin: "template" | "base_instructions";
  readonly source: {
    /** Base name only, so the fixture never records a developer's home path. */
    readonly file: string;
    readonly shape: "models" | "models_cache";
    readonly fetchedAt?: string;
    readonly etag?: string;
    readonly clientVersion?: string;
  };
}

/** Default pin: the model and personality the snapshots use (`personality: "none"` as sent). */
export const PINNED_CODEX_MODEL = { slug: "gpt-5.5", personality: "none" } as const;

/** Builds the pinned model-prompt fixture (instructions + source metadata) from a catalog. */
export function buildCodexModelPromptFixture(
  catalog: CodexModelCatalog,
  request: { readonly slug: string; readonly personality: string } = PINNED_CODEX_MODEL,
): CodexModelPromptFixture {
  const resolved = resolveCodexModelInstructions(catalog, request);
  const file = catalog.source.split(/[\\/]/).pop() ?? catalog.source;
  return {
    slug: resolved.slug,
    personality: request.personality,
    instructions: resolved.instructions,
    origin: resolved.origin,
    source: {
      file,
      shape: catalog.shape,
      ...(catalog.fetchedAt === undefined ? {} : { fetchedAt: catalog.fetchedAt }),
      ...(catalog.etag === undefined ? {} : { etag: catalog.etag }),
      ...(catalog.clientVersion === undefined ? {} : { clientVersion: catalog.clientVersion }),
    },
  };
}

/** The fixture file's exact bytes (sorted-key JSON). */
export function formatCodexModelPromptFixture(fixture: CodexModelPromptFixture): string {
  return formatCanonicalJson(fixture, { indent: 2 });
}
