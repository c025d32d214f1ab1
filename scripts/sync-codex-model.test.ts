import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSyncCodexModel } from "./sync-codex-model.js";
import { createCodexCatalogSandbox, writePlacedCodexCatalog } from "@promptstack-tools/test-utils";

let dir: string;
let home: string;
let codexHome: string;
let fixturePath: string;

let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ dir, home, codexHome, fixturePath, cleanup } =
    await createCodexCatalogSandbox("sync-codex-model-"));
});

afterEach(() => cleanup());

async function run(argv: string[] = [], env: Record<string, string> = { CODEX_HOME: codexHome }) {
  const result = await runSyncCodexModel({ argv, env, homeDir: home, fixturePath });
  return { ...result, fixture: await readFile(fixturePath, "utf8") };
}

// The full lookup order is tested with writeCodexModelPromptFixture in @promptstack-tools/prompt-snapshots;
// these tests cover the wrapper: argv, exit codes, output.
describe("sync-codex-model", () => {
  const cache = () => join(codexHome, "models_cache.json");
  const userCache = () => join(home, ".codex", "models_cache.json");
  const checkout = () => join(home, "code/codex/codex-rs/models-manager/models.json");

  it("prefers $CODEX_HOME/models_cache.json", async () => {
    await writePlacedCodexCatalog(cache(), "codex-home");
    await writePlacedCodexCatalog(userCache(), "user-cache");
    await writePlacedCodexCatalog(checkout(), "checkout");
    const result = await run();
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.fixture).instructions).toBe("from codex-home");
  });

  it("uses --catalog over every default location", async () => {
    await writePlacedCodexCatalog(cache(), "codex-home");
    const explicit = join(dir, "elsewhere", "models.json");
    await writePlacedCodexCatalog(explicit, "explicit");
    expect(JSON.parse((await run(["--catalog", explicit])).fixture).instructions).toBe(
      "from explicit",
    );
  });

  it("prints what it looked for and leaves the fixture alone when nothing exists", async () => {
    const result = await run();
    expect(result.exitCode).toBe(0);
    expect(result.fixture).toBe("UNTOUCHED\n");
    expect(result.output).toContain(join(codexHome, "models_cache.json"));
    expect(result.output).toContain(join(home, ".codex", "models_cache.json"));
    expect(result.output).toContain("models-manager/models.json");
  });

  it("fails for a missing --catalog path and for a bad catalog", async () => {
    expect((await run(["--catalog", join(dir, "nope.json")])).exitCode).toBe(1);
    const bad = join(dir, "bad.json");
    await writeFile(bad, JSON.stringify({ data: [] }));
    await expect(run(["--catalog", bad])).rejects.toThrow(/not a Codex model catalog/);
    expect(await readFile(fixturePath, "utf8")).toBe("UNTOUCHED\n");
  });

  it("rejects --catalog without a path", async () => {
    await expect(run(["--catalog"])).rejects.toThrow(/--catalog needs a path/);
    await expect(run(["--catalog", "--other"])).rejects.toThrow(/--catalog needs a path/);
  });
});
