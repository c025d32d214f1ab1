import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatCodexModelSyncResult } from "./format-codex-model-sync-result.js";
import { resolveCodexCatalogCandidates } from "@promptstack/harness-codex";
import { writeCodexModelPromptFixture } from "./write-codex-model-prompt-fixture.js";
import {
  SYNTHETIC_CODEX_CATALOG as CATALOG,
  createCodexCatalogSandbox,
  writePlacedCodexCatalog,
} from "@promptstack-tools/test-utils";

const COMMITTED = fileURLToPath(
  new URL("../../../fixtures/codex-model-catalog/gpt-5.5.model-prompt.json", import.meta.url),
);

let dir: string;
let home: string;
let codexHome: string;
let fixturePath: string;

let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ dir, home, codexHome, fixturePath, cleanup } =
    await createCodexCatalogSandbox("codex-model-sync-"));
});

afterEach(() => cleanup());

async function sync(options: { catalogPath?: string; env?: Record<string, string> } = {}) {
  const result = await writeCodexModelPromptFixture({
    fixturePath,
    env: options.env ?? { CODEX_HOME: codexHome },
    homeDir: home,
    ...(options.catalogPath === undefined ? {} : { catalogPath: options.catalogPath }),
  });
  return { result, fixture: await readFile(fixturePath, "utf8") };
}

function instructionsOf(fixture: string): unknown {
  return (JSON.parse(fixture) as { instructions: unknown }).instructions;
}

describe("resolveCodexCatalogCandidates", () => {
  it("lists $CODEX_HOME, ~/.codex and the Codex source checkout, in that order", () => {
    expect(resolveCodexCatalogCandidates({ env: { CODEX_HOME: "/c" }, homeDir: "/h" })).toEqual([
      "/c/models_cache.json",
      "/h/.codex/models_cache.json",
      "/h/code/codex/codex-rs/models-manager/models.json",
    ]);
  });

  it("skips an unset or empty CODEX_HOME", () => {
    const expected = [
      "/h/.codex/models_cache.json",
      "/h/code/codex/codex-rs/models-manager/models.json",
    ];
    expect(resolveCodexCatalogCandidates({ env: {}, homeDir: "/h" })).toEqual(expected);
    expect(resolveCodexCatalogCandidates({ env: { CODEX_HOME: "" }, homeDir: "/h" })).toEqual(
      expected,
    );
  });
});

describe("writeCodexModelPromptFixture", () => {
  const cache = () => join(codexHome, "models_cache.json");
  const userCache = () => join(home, ".codex", "models_cache.json");
  const checkout = () => join(home, "code/codex/codex-rs/models-manager/models.json");

  it("prefers $CODEX_HOME/models_cache.json", async () => {
    await writePlacedCodexCatalog(cache(), "codex-home");
    await writePlacedCodexCatalog(userCache(), "user-cache");
    await writePlacedCodexCatalog(checkout(), "checkout");
    const { result, fixture } = await sync();
    expect(result).toMatchObject({ status: "written", catalogPath: cache() });
    expect(instructionsOf(fixture)).toBe("from codex-home");
  });

  it("falls back to ~/.codex/models_cache.json, then to the source checkout", async () => {
    await writePlacedCodexCatalog(userCache(), "user-cache");
    await writePlacedCodexCatalog(checkout(), "checkout");
    expect(instructionsOf((await sync()).fixture)).toBe("from user-cache");
    await rm(userCache());
    const { fixture } = await sync({ env: {} });
    expect(instructionsOf(fixture)).toBe("from checkout");
    expect(JSON.parse(fixture).source).toEqual({ file: "models.json", shape: "models" });
  });

  it("uses an explicit catalog over every default location", async () => {
    await writePlacedCodexCatalog(cache(), "codex-home");
    const explicit = join(dir, "elsewhere", "models.json");
    await writePlacedCodexCatalog(explicit, "explicit");
    expect(instructionsOf((await sync({ catalogPath: explicit })).fixture)).toBe("from explicit");
  });

  it("leaves the fixture alone and reports the candidates when nothing exists", async () => {
    const { result, fixture } = await sync();
    expect(fixture).toBe("UNTOUCHED\n");
    expect(result).toEqual({
      status: "no-catalog",
      candidates: resolveCodexCatalogCandidates({ env: { CODEX_HOME: codexHome }, homeDir: home }),
    });
    const text = formatCodexModelSyncResult(result, "pnpm prompt:snapshots:gen");
    expect(text).toContain(`  ${cache()}\n`);
    expect(text).toContain("the fixture is unchanged");
  });

  it("reports a missing explicit catalog and rejects a file that is not a catalog", async () => {
    const missing = join(dir, "nope.json");
    const { result, fixture } = await sync({ catalogPath: missing });
    expect(result).toEqual({ status: "catalog-missing", catalogPath: missing });
    expect(fixture).toBe("UNTOUCHED\n");
    const bad = join(dir, "bad.json");
    await writeFile(bad, JSON.stringify({ data: [] }));
    await expect(sync({ catalogPath: bad })).rejects.toThrow(/not a Codex model catalog/);
    expect(await readFile(fixturePath, "utf8")).toBe("UNTOUCHED\n");
  });

  it("consults only the injected file check", async () => {
    const seen: string[] = [];
    const result = await writeCodexModelPromptFixture({
      fixturePath,
      env: { CODEX_HOME: "/nowhere" },
      homeDir: "/nobody",
      exists: (path) => {
        seen.push(path);
        return false;
      },
    });
    expect(result.status).toBe("no-catalog");
    expect(seen).toEqual(
      resolveCodexCatalogCandidates({ env: { CODEX_HOME: "/nowhere" }, homeDir: "/nobody" }),
    );
  });

  it("reproduces the committed fixture from the synthetic catalog", async () => {
    const { result, fixture } = await sync({ catalogPath: CATALOG });
    expect(fixture).toBe(await readFile(COMMITTED, "utf8"));
    expect(formatCodexModelSyncResult(result, "promptstack snapshots gen")).toBe(
      `Wrote ${fixturePath} from ${CATALOG} (gpt-5.5, template).\nRun promptstack snapshots gen to refresh the snapshots.\n`,
    );
  });
});
