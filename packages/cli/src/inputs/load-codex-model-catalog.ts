import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Diagnostic } from "@promptstack/core";
import { readCodexModelCatalog, resolveCodexCatalogCandidates } from "@promptstack/harness-codex";
import type { CodexModelCatalog } from "@promptstack/harness-codex";
import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import { resolveHomeDir } from "./resolve-home-dir.js";

/** The catalog `--harness codex` reads its model instructions from, and where it came from. */
export interface LoadedCodexModelCatalog {
  readonly catalog: CodexModelCatalog;
  /** `flag`: `--catalog`; `lookup`: a Codex cache on this machine; `demo`: the placeholder. */
  readonly origin: "flag" | "lookup" | "demo";
  readonly diagnostics: readonly Diagnostic[];
}

/** Inputs of `loadCodexModelCatalog`. */
export interface LoadCodexModelCatalogOptions {
  /** `--catalog`, relative to `io.cwd`. */
  readonly catalog?: string;
  /** The synthetic demo catalog, used when nothing else is found. */
  readonly demoCatalogFile: string;
  readonly exists?: (path: string) => boolean;
}

/** Shown instead of real paths so the diagnostic reads the same on every machine. */
const LOOKUP_DESCRIPTION =
  "$CODEX_HOME/models_cache.json, ~/.codex/models_cache.json, ~/code/codex/codex-rs/models-manager/models.json";

/**
 * Picks the Codex model catalog: `--catalog`, else the first of the catalogs Codex caches on this
 * machine (the lookup `pnpm prompt:snapshots:sync-codex-model` uses), else the demo's synthetic catalog with an info
 * diagnostic saying its instructions are placeholders.
 */
export async function loadCodexModelCatalog(
  options: LoadCodexModelCatalogOptions,
  io: CliIo,
): Promise<LoadedCodexModelCatalog> {
  const exists = options.exists ?? existsSync;
  if (options.catalog !== undefined) {
    const file = resolve(io.cwd, options.catalog);
    if (!exists(file)) {
      throw new CliError(
        "CLI_FILE_MISSING",
        `Codex model catalog ${options.catalog} does not exist.`,
        {
          path: options.catalog,
          hint: "Pass --catalog with a Codex models.json or models_cache.json, or leave it out to look in $CODEX_HOME and ~/.codex.",
        },
      );
    }
    return { catalog: await readCodexModelCatalog(file), origin: "flag", diagnostics: [] };
  }
  const candidates = resolveCodexCatalogCandidates({ env: io.env, homeDir: resolveHomeDir(io) });
  const found = candidates.find((path) => exists(path));
  if (found !== undefined) {
    return { catalog: await readCodexModelCatalog(found), origin: "lookup", diagnostics: [] };
  }
  return {
    catalog: await readCodexModelCatalog(options.demoCatalogFile),
    origin: "demo",
    diagnostics: [
      {
        code: "CLI_CODEX_CATALOG_PLACEHOLDER",
        severity: "info",
        message: `No Codex model catalog found (looked for ${LOOKUP_DESCRIPTION}); the model layer shows the placeholder instructions of the demo catalog, not the real model prompt.`,
        hint: "Pass --catalog with a Codex models.json or models_cache.json, or run Codex once so it caches its catalog.",
      },
    ],
  };
}
