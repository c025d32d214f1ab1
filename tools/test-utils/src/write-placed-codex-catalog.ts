import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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

/** A temp dir with an empty HOME, an empty CODEX_HOME and a fixture file that says UNTOUCHED. */
export interface CodexCatalogSandbox {
  readonly dir: string;
  readonly home: string;
  readonly codexHome: string;
  readonly fixturePath: string;
  readonly cleanup: () => Promise<void>;
}

/** Test helper: creates a `CodexCatalogSandbox` for the catalog-lookup tests. */
export async function createCodexCatalogSandbox(prefix: string): Promise<CodexCatalogSandbox> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const sandbox = {
    dir,
    home: join(dir, "home"),
    codexHome: join(dir, "codex-home"),
    fixturePath: join(dir, "gpt-5.5.model-prompt.json"),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
  await mkdir(sandbox.home);
  await mkdir(sandbox.codexHome);
  await writeFile(sandbox.fixturePath, "UNTOUCHED\n");
  return sandbox;
}
