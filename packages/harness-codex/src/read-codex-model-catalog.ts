import { readFile } from "node:fs/promises";
import { CodexError } from "./codex-error.js";
import { parseCodexModelCatalog } from "./parse-codex-model-catalog.js";
import type { CodexModelCatalog } from "./parse-codex-model-catalog.js";

/** Reads and parses a Codex `models.json` or `models_cache.json` from disk. */
export async function readCodexModelCatalog(path: string): Promise<CodexModelCatalog> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    throw new CodexError(
      "CODEX_CATALOG_UNREADABLE",
      `Cannot read the Codex model catalog ${path}.`,
      {
        path,
        hint: "Check that the file exists and is readable.",
        cause,
      },
    );
  }
  return parseCodexModelCatalog(text, path);
}
