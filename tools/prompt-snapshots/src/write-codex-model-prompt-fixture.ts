import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import {
  PINNED_CODEX_MODEL,
  buildCodexModelPromptFixture,
  formatCodexModelPromptFixture,
} from "./build-codex-model-prompt-fixture.js";
import type { CodexModelPromptFixture } from "./build-codex-model-prompt-fixture.js";
import { readCodexModelCatalog, resolveCodexCatalogCandidates } from "@promptstack/harness-codex";

/** Inputs of `writeCodexModelPromptFixture`; environment, home folder and file checks injectable. */
export interface WriteCodexModelPromptFixtureOptions {
  /** The pinned model-prompt fixture to (re)write. */
  readonly fixturePath: string;
  /** An explicit catalog (`--catalog`): used instead of the lookup. */
  readonly catalogPath?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homeDir: string;
  readonly exists?: (path: string) => boolean;
}

/** What a sync did: wrote the fixture, found no catalog, or was given a catalog that is absent. */
export type CodexModelSyncResult =
  | {
      readonly status: "written";
      readonly catalogPath: string;
      readonly fixturePath: string;
      readonly fixture: CodexModelPromptFixture;
    }
  | { readonly status: "no-catalog"; readonly candidates: readonly string[] }
  | { readonly status: "catalog-missing"; readonly catalogPath: string };

/**
 * Refreshes the pinned model-prompt fixture from the first Codex catalog found (see
 * `resolveCodexCatalogCandidates`), or from `catalogPath`. Touches nothing when no catalog
 * exists; a file that is not a catalog throws `CodexError` before anything is written.
 */
export async function writeCodexModelPromptFixture(
  options: WriteCodexModelPromptFixtureOptions,
): Promise<CodexModelSyncResult> {
  const exists = options.exists ?? existsSync;
  if (options.catalogPath !== undefined && !exists(options.catalogPath)) {
    return { status: "catalog-missing", catalogPath: options.catalogPath };
  }
  const candidates =
    options.catalogPath === undefined
      ? resolveCodexCatalogCandidates({ env: options.env, homeDir: options.homeDir })
      : [options.catalogPath];
  const found = candidates.find((path) => exists(path));
  if (found === undefined) return { status: "no-catalog", candidates };
  const catalog = await readCodexModelCatalog(found);
  const fixture = buildCodexModelPromptFixture(catalog, PINNED_CODEX_MODEL);
  await writeFile(options.fixturePath, formatCodexModelPromptFixture(fixture));
  return { status: "written", catalogPath: found, fixturePath: options.fixturePath, fixture };
}
