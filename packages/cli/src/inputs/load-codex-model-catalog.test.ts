import { join } from "node:path";
import { readCodexModelCatalog } from "@promptstack/harness-codex";
import { createTempDir, rejectedBy, writePlacedCodexCatalog } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { createTestIo } from "../../test/create-test-io.js";
import { REPO_ROOT } from "../../test/run-cli-binary.js";
import { CliError } from "../cli-error.js";
import { loadCodexModelCatalog } from "./load-codex-model-catalog.js";

const DEMO_CATALOG = join(REPO_ROOT, "fixtures", "codex-model-catalog", "models.json");

describe("loadCodexModelCatalog", () => {
  it("reads --catalog, relative to the working folder, before any cache", async () => {
    const dir = createTempDir("promptstack-catalog-load-");
    await writePlacedCodexCatalog(join(dir, "mine", "models.json"), "flag");
    await writePlacedCodexCatalog(join(dir, "codex-home", "models_cache.json"), "codex-home");
    const io = createTestIo({ cwd: dir, env: { HOME: dir, CODEX_HOME: join(dir, "codex-home") } });
    expect(
      await loadCodexModelCatalog(
        { catalog: "mine/models.json", demoCatalogFile: DEMO_CATALOG },
        io,
      ),
    ).toEqual({
      catalog: await readCodexModelCatalog(join(dir, "mine", "models.json")),
      origin: "flag",
      diagnostics: [],
    });
  });

  it("refuses a --catalog that does not exist, pointing at the lookup it replaces", async () => {
    const dir = createTempDir("promptstack-catalog-load-");
    const io = createTestIo({ cwd: dir, env: { HOME: dir } });
    const error = await rejectedBy(
      loadCodexModelCatalog({ catalog: "nope.json", demoCatalogFile: DEMO_CATALOG }, io),
    );
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: "Codex model catalog nope.json does not exist.",
      path: "nope.json",
      hint: "Pass --catalog with a Codex models.json or models_cache.json, or leave it out to look in $CODEX_HOME and ~/.codex.",
    });
  });

  it("reads the first catalog Codex caches on this machine", async () => {
    const dir = createTempDir("promptstack-catalog-load-");
    const cache = join(dir, ".codex", "models_cache.json");
    await writePlacedCodexCatalog(cache, "user-cache");
    const io = createTestIo({ cwd: dir, env: { HOME: dir } });
    expect(await loadCodexModelCatalog({ demoCatalogFile: DEMO_CATALOG }, io)).toEqual({
      catalog: await readCodexModelCatalog(cache),
      origin: "lookup",
      diagnostics: [],
    });
  });

  it("falls back to the demo catalog with an info diagnostic that names every place looked in", async () => {
    const dir = createTempDir("promptstack-catalog-load-");
    const io = createTestIo({ cwd: dir, env: { HOME: dir } });
    expect(await loadCodexModelCatalog({ demoCatalogFile: DEMO_CATALOG }, io)).toEqual({
      catalog: await readCodexModelCatalog(DEMO_CATALOG),
      origin: "demo",
      diagnostics: [
        {
          code: "CLI_CODEX_CATALOG_PLACEHOLDER",
          severity: "info",
          message:
            "No Codex model catalog found (looked for $CODEX_HOME/models_cache.json, ~/.codex/models_cache.json, ~/code/codex/codex-rs/models-manager/models.json); the model layer shows the placeholder instructions of the demo catalog, not the real model prompt.",
          hint: "Pass --catalog with a Codex models.json or models_cache.json, or run Codex once so it caches its catalog.",
        },
      ],
    });
  });
});
