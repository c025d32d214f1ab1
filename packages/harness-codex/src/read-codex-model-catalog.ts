import { constants } from "node:fs";
import { open } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { CodexError } from "./codex-error.js";
import { parseCodexModelCatalog } from "./parse-codex-model-catalog.js";
import type { CodexModelCatalog } from "./parse-codex-model-catalog.js";

/** Largest catalog read; Codex's own `models_cache.json` is well under 1 MB. */
export const MAX_CODEX_CATALOG_BYTES = 64 * 1024 * 1024;

/**
 * Reads and parses a Codex `models.json` or `models_cache.json` from disk. A folder, FIFO or
 * device is refused without blocking; every failure is a `CodexError` naming the file.
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
  let handle: FileHandle;
  try {
    // O_NONBLOCK: a FIFO must not wait for a writer; it is refused below.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (cause) {
    throw unreadable(describeErrno(cause), cause);
  }
  let text: string;
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      throw unreadable(stats.isDirectory() ? "it is a folder" : "it is not a regular file");
    }
    if (stats.size > MAX_CODEX_CATALOG_BYTES) {
      throw unreadable(`it is larger than ${MAX_CODEX_CATALOG_BYTES} bytes`);
    }
    text = await handle.readFile("utf8");
  } catch (cause) {
    if (CodexError.isInstance(cause)) throw cause;
    throw unreadable(describeErrno(cause), cause);
  } finally {
    await handle.close();
  }
  return parseCodexModelCatalog(text, path);
}

function describeErrno(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOENT" || code === "ENOTDIR") return "it does not exist";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  return typeof code === "string" ? code : "unknown error";
}
