import { readBoundedFile } from "@promptstack/safe-read";
import { CodexError } from "./codex-error.js";
import { parseCodexModelCatalog } from "./parse-codex-model-catalog.js";
import type { CodexModelCatalog } from "./parse-codex-model-catalog.js";

/** Largest catalog read; Codex's own `models_cache.json` is well under 1 MB. */
export const MAX_CODEX_CATALOG_BYTES = 64 * 1024 * 1024;

/**
 * Reads and parses a Codex `models.json` or `models_cache.json` from disk. A folder, FIFO or
 * device is refused without blocking, and at most `MAX_CODEX_CATALOG_BYTES` are read; every
 * failure (also text that is not UTF-8) is a `CodexError` naming the file.
 */
export async function readCodexModelCatalog(path: string): Promise<CodexModelCatalog> {
  const unreadable = (reason: string, cause?: unknown): CodexError =>
    new CodexError(
      "CODEX_CATALOG_UNREADABLE",
      `Cannot read the Codex model catalog ${path}: ${reason}.`,
      {
        path,
        hint: "Pass a readable models.json or models_cache.json file.",
        ...(cause === undefined ? {} : { cause }),
      },
    );
  const read = await readBoundedFile(path, MAX_CODEX_CATALOG_BYTES);
  if (read.kind === "missing") throw unreadable("it does not exist");
  if (read.kind === "refused") {
    switch (read.reason) {
      case "not-regular":
        throw unreadable(
          read.detail === "a directory" ? "it is a folder" : "it is not a regular file",
        );
      case "too-large":
        throw unreadable(`it is larger than ${MAX_CODEX_CATALOG_BYTES} bytes`);
      case "changed":
        throw unreadable("it changed while it was read");
      case "unreadable":
        throw unreadable(describeErrno(read.detail), read.cause);
    }
  }
  let text: string;
  try {
    // fatal: replacing bad bytes would silently change model ids and instructions.
    text = new TextDecoder("utf-8", { fatal: true }).decode(read.bytes);
  } catch (cause) {
    throw unreadable("it is not valid UTF-8 text", cause);
  }
  return parseCodexModelCatalog(text, path);
}

function describeErrno(code: string): string {
  return code === "EACCES" || code === "EPERM" ? "permission denied" : code;
}
