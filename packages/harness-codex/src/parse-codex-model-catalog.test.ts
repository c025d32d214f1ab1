import { execFileSync } from "node:child_process";
import { catchCodexError } from "../test/catch-codex-error.js";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCodexModelCatalog } from "./parse-codex-model-catalog.js";
import { readCodexModelCatalog } from "./read-codex-model-catalog.js";
import { resolveCodexModelInstructions } from "./resolve-codex-model-instructions.js";

const FIXTURES = new URL("../../../fixtures/codex-model-catalog/", import.meta.url);
const modelsText = readFileSync(new URL("models.json", FIXTURES), "utf8");
const cacheText = readFileSync(new URL("models_cache.json", FIXTURES), "utf8");

describe("parseCodexModelCatalog", () => {
  it("reads models.json and models_cache.json into the same model list", () => {
    const plain = parseCodexModelCatalog(modelsText, "models.json");
    const cache = parseCodexModelCatalog(cacheText, "models_cache.json");
    expect(plain.shape).toBe("models");
    expect(cache.shape).toBe("models_cache");
    expect(cache.clientVersion).toBe("0.171.0");
    expect(cache.fetchedAt).toBe("2026-01-01T00:00:00Z");
    // The demo's models.json keeps placeholder text; the cache holds a realistic entry. Both
    // shapes give the same list of models with the same limits and efforts.
    const outline = (models: typeof plain.models) =>
      models.map(({ slug, contextWindow, supportedReasoningEfforts }) => ({
        slug,
        contextWindow,
        supportedReasoningEfforts,
      }));
    expect(outline(cache.models)).toEqual(outline(plain.models));
    expect(plain.models.map((model) => model.slug)).toEqual(["gpt-5.5", "gpt-5.5-mini"]);
  });

  it("ignores unknown fields", () => {
    const text = JSON.stringify({
      extra: 1,
      models: [{ slug: "x", base_instructions: "b", future_field: { a: 1 } }],
    });
    expect(parseCodexModelCatalog(text, "x.json").models[0]?.baseInstructions).toBe("b");
  });

  it.each([
    ["not json", "{", "not valid JSON"],
    ["no models", JSON.stringify({ data: [] }), "models"],
    ["model without slug", JSON.stringify({ models: [{ display_name: "x" }] }), "models.0.slug"],
  ])("rejects %s with CODEX_CATALOG_INVALID naming the file", (_name, text, fragment) => {
    const error = catchCodexError(() => parseCodexModelCatalog(text, "/tmp/bad.json"));
    expect(error.code).toBe("CODEX_CATALOG_INVALID");
    expect(error.message).toContain("/tmp/bad.json");
    expect(error.message).toContain(fragment);
    expect(error.message).not.toMatch(/undefined|\[object Object\]/);
  });
});

describe("readCodexModelCatalog", () => {
  it("reads a file and reports unreadable paths", async () => {
    const dir = await mkdtemp(join(tmpdir(), "codex-catalog-"));
    try {
      await writeFile(join(dir, "models_cache.json"), cacheText);
      const catalog = await readCodexModelCatalog(join(dir, "models_cache.json"));
      expect(catalog.models).toHaveLength(2);
      await expect(readCodexModelCatalog(join(dir, "nope.json"))).rejects.toMatchObject({
        code: "CODEX_CATALOG_UNREADABLE",
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a folder and a FIFO without blocking", async () => {
    const dir = await mkdtemp(join(tmpdir(), "codex-catalog-"));
    try {
      await mkdir(join(dir, "folder.json"));
      execFileSync("mkfifo", [join(dir, "fifo.json")]);
      await expect(readCodexModelCatalog(join(dir, "folder.json"))).rejects.toMatchObject({
        code: "CODEX_CATALOG_UNREADABLE",
        message: expect.stringContaining("is a folder") as unknown,
      });
      await expect(readCodexModelCatalog(join(dir, "fifo.json"))).rejects.toMatchObject({
        code: "CODEX_CATALOG_UNREADABLE",
        message: expect.stringContaining("not a regular file") as unknown,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses bytes that are not UTF-8 instead of replacing them in model ids", async () => {
    const dir = await mkdtemp(join(tmpdir(), "codex-catalog-"));
    try {
      const path = join(dir, "models_cache.json");
      await writeFile(path, Buffer.concat([Buffer.from(cacheText), Buffer.from([0xff])]));
      await expect(readCodexModelCatalog(path)).rejects.toMatchObject({
        code: "CODEX_CATALOG_UNREADABLE",
        message: expect.stringContaining("not valid UTF-8") as unknown,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("resolveCodexModelInstructions", () => {
  const catalog = parseCodexModelCatalog(modelsText, "models.json");

  it("fills {{ personality }} from personality_<name>, default when absent", () => {
    const friendly = resolveCodexModelInstructions(catalog, {
      slug: "gpt-5.5",
      personality: "friendly",
    });
    expect(friendly.origin).toBe("template");
    expect(friendly.instructions).toContain("Personality: warm, encouraging and brief.");
    expect(friendly.instructions).not.toContain("{{");
    const plain = resolveCodexModelInstructions(catalog, { slug: "gpt-5.5" });
    expect(plain.personalityVariable).toBe("personality_default");
    expect(plain.instructions).toContain("Personality: neutral and direct.");
  });

  it("fills nothing for personality none or an unknown variable", () => {
    for (const personality of ["none", "grumpy"]) {
      const result = resolveCodexModelInstructions(catalog, { slug: "gpt-5.5", personality });
      expect(result.instructions).not.toContain("Personality:");
      expect(result.instructions).not.toContain("{{");
    }
  });

  it("falls back to base_instructions without a template", () => {
    const result = resolveCodexModelInstructions(catalog, { slug: "gpt-5.5-mini" });
    expect(result.origin).toBe("base_instructions");
    expect(result.instructions).toContain("gpt-5.5-mini");
  });

  it("lists the known slugs for an unknown model", () => {
    const error = catchCodexError(() => resolveCodexModelInstructions(catalog, { slug: "gpt-9" }));
    expect(error.code).toBe("CODEX_UNKNOWN_MODEL");
    expect(error.message).toContain("gpt-5.5, gpt-5.5-mini");
  });
});
