import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RenderOutput } from "../src/output/render-output-schema.js";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";
import { createCodexCatalogSandbox, writePlacedCodexCatalog } from "@promptstack-tools/test-utils";

let dir: string;
let home: string;
let codexHome: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ dir, home, codexHome, cleanup } = await createCodexCatalogSandbox("promptstack-cli-catalog-"));
});

afterEach(() => cleanup());

async function renderCodex(args: string[] = [], env = { HOME: home, CODEX_HOME: codexHome }) {
  const io = createTestIo({ env, cwd: dir });
  const code = await runCli(["render", "--json", "--harness", "codex", ...args], io);
  const output = code === 0 ? (JSON.parse(io.out) as RenderOutput) : undefined;
  return {
    code,
    err: io.err,
    model: output?.codex?.layers[0]?.text,
    source: output?.codex?.layers[0]?.source,
    placeholder: output?.diagnostics.some((d) => d.code === "CLI_CODEX_CATALOG_PLACEHOLDER"),
  };
}

describe("render --harness codex: the model catalog", () => {
  it("prefers $CODEX_HOME/models_cache.json, then ~/.codex/models_cache.json", async () => {
    await writePlacedCodexCatalog(join(codexHome, "models_cache.json"), "codex-home");
    await writePlacedCodexCatalog(join(home, ".codex", "models_cache.json"), "user-cache");
    const first = await renderCodex();
    expect(first).toMatchObject({ code: 0, model: "from codex-home", placeholder: false });
    expect(first.source).toBe("codex model prompt gpt-5.5 (models_cache.json)");
    await rm(join(codexHome, "models_cache.json"));
    expect(await renderCodex()).toMatchObject({ model: "from user-cache", placeholder: false });
    expect(await renderCodex([], { HOME: home, CODEX_HOME: "" })).toMatchObject({
      model: "from user-cache",
    });
  });

  it("uses --catalog (relative to the working folder) over every default location", async () => {
    await writePlacedCodexCatalog(join(codexHome, "models_cache.json"), "codex-home");
    await writePlacedCodexCatalog(join(dir, "mine", "models.json"), "flag");
    expect(await renderCodex(["--catalog", "mine/models.json"])).toMatchObject({
      code: 0,
      model: "from flag",
      source: "codex model prompt gpt-5.5 (models.json)",
      placeholder: false,
    });
  });

  it("falls back to the demo's placeholder catalog with an info diagnostic", async () => {
    const result = await renderCodex();
    expect(result.code, result.err).toBe(0);
    expect(result.model).toMatch(/^PLACEHOLDER model instructions/);
    expect(result.source).toBe("codex model prompt gpt-5.5 (demo models.json, placeholder)");
    expect(result.placeholder).toBe(true);
  });

  it("exits 2 for a missing --catalog and for a file that is not a catalog", async () => {
    const missing = await renderCodex(["--catalog", "nope.json"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(
      "CLI_FILE_MISSING: Codex model catalog nope.json does not exist.",
    );
    await writeFile(join(dir, "bad.json"), JSON.stringify({ data: [] }));
    const bad = await renderCodex(["--catalog", "bad.json"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("not a Codex model catalog");
    expect(bad.err).not.toMatch(/\n\s+at /);
  });

  it("refuses --catalog without --harness codex instead of ignoring it", async () => {
    const io = createTestIo({ env: { HOME: home }, cwd: dir });
    expect(await runCli(["render", "--json", "--catalog", "nope.json"], io)).toBe(2);
    expect(io.err).toContain("--catalog applies only to the Codex harness");
  });
});
