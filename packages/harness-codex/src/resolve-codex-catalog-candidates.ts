import { join } from "node:path";

/** Where to look for a Codex model catalog: the environment and home folder, injectable. */
export interface CodexCatalogLookup {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homeDir: string;
}

/**
 * The Codex model catalogs to try, in order: `$CODEX_HOME/models_cache.json` (when set),
 * `~/.codex/models_cache.json`, then a Codex source checkout's
 * `~/code/codex/codex-rs/models-manager/models.json`. Pure: nothing is read.
 */
export function resolveCodexCatalogCandidates(lookup: CodexCatalogLookup): string[] {
  const candidates: string[] = [];
  const codexHome = lookup.env["CODEX_HOME"];
  if (codexHome !== undefined && codexHome !== "") {
    candidates.push(join(codexHome, "models_cache.json"));
  }
  candidates.push(join(lookup.homeDir, ".codex", "models_cache.json"));
  candidates.push(
    join(lookup.homeDir, "code", "codex", "codex-rs", "models-manager", "models.json"),
  );
  return candidates;
}
