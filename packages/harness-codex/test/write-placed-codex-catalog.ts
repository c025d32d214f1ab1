import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

/** The synthetic catalog every lookup test copies. */
export const SYNTHETIC_CODEX_CATALOG = fileURLToPath(
  new URL("../../../fixtures/codex-model-catalog/models_cache.json", import.meta.url),
);

/**
 * Test helper (shared by the harness-codex, CLI and script tests of the catalog lookup): writes a
 * copy of the synthetic catalog at `path` whose every model has the base instructions
 * `from <label>`, so a test can tell which of several placed catalogs was picked.
 */
export async function writePlacedCodexCatalog(path: string, label: string): Promise<void> {
  const catalog = JSON.parse(await readFile(SYNTHETIC_CODEX_CATALOG, "utf8")) as {
    models: Record<string, unknown>[];
  };
  const models = catalog.models.map((model) => ({
    ...model,
    model_messages: null,
    base_instructions: `from ${label}`,
  }));
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify({ models }));
}
