import { readBoundedFile } from "@promptstack/safe-read";
import type { BoundedFileRefusal } from "@promptstack/safe-read";
import { ConfigError } from "./config-error.js";
import { findDuplicateConfigKeys } from "./find-duplicate-config-keys.js";
import { parseConfig } from "./parse-config.js";
import type { ParsedConfig } from "./parse-config.js";
import { parseConfigText } from "./parse-config-text.js";

/** Largest config file read; real files are a few KB. */
export const MAX_CONFIG_FILE_BYTES = 4 * 1024 * 1024;

/**
 * Reads and validates a JSON or JSON5 config file. Throws `ConfigError`: `CONFIG_NOT_FOUND`,
 * `CONFIG_READ_FAILED` (not a regular file, over `MAX_CONFIG_FILE_BYTES`, not UTF-8),
 * `CONFIG_SYNTAX` (with file, line and column) or `CONFIG_INVALID`. A key set twice in one
 * object is a `CONFIG_DUPLICATE_KEY` warning (the last value wins, as in JSON5).
 */
export async function loadConfigFile(path: string): Promise<ParsedConfig> {
  const text = await readConfigText(path);
  const parsed = parseConfig(parseConfigText(text, path), { source: path });
  // After parseConfig: the document is known to be shallow and small by then.
  const duplicates = findDuplicateConfigKeys(text, path);
  return { config: parsed.config, diagnostics: [...duplicates, ...parsed.diagnostics] };
}

async function readConfigText(path: string): Promise<string> {
  const read = await readBoundedFile(path, MAX_CONFIG_FILE_BYTES);
  if (read.kind === "ok") return decodeUtf8(read.bytes, path);
  if (read.kind === "missing") {
    throw new ConfigError("CONFIG_NOT_FOUND", `Config file not found: ${path}`, {
      path,
      hint: "Check the path, or leave the option out to use built-in defaults.",
    });
  }
  const refusals: Record<BoundedFileRefusal, readonly [message: string, hint: string]> = {
    "not-regular": [
      `Config path ${path} is not a regular file`,
      "Pass the path of a .json or .json5 file.",
    ],
    "too-large": [
      `Config file ${path} is larger than ${MAX_CONFIG_FILE_BYTES} bytes`,
      "A config file holds settings, not data; shorten it.",
    ],
    changed: [
      `Config file ${path} changed while it was read`,
      "Load it again once whatever writes it has finished.",
    ],
    unreadable: [
      `Cannot read config file ${path} (${read.detail})`,
      "Pass a readable regular file.",
    ],
  };
  const [message, hint] = refusals[read.reason];
  throw new ConfigError("CONFIG_READ_FAILED", message, {
    path,
    hint,
    ...(read.cause === undefined ? {} : { cause: read.cause }),
  });
}

function decodeUtf8(bytes: Uint8Array, path: string): string {
  try {
    // ignoreBOM keeps a BOM in the text; parseConfigText strips it.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch (error) {
    // Replacing bad bytes would silently change values such as names and paths.
    throw new ConfigError("CONFIG_READ_FAILED", `Config file ${path} is not valid UTF-8 text`, {
      path,
      hint: "Re-save the file as UTF-8.",
      cause: error,
    });
  }
}
