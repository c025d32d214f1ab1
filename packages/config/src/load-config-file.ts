import { constants } from "node:fs";
import { open } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
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
  let handle: FileHandle;
  try {
    // O_NONBLOCK: a FIFO at the path must not block the open.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw toReadError(path, error);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      throw new ConfigError("CONFIG_READ_FAILED", `Config path ${path} is not a regular file`, {
        path,
        hint: "Pass the path of a .json or .json5 file.",
      });
    }
    // Read at most one byte past the cap through the open handle, so a file that grows after
    // the size check cannot make us read more.
    const buffer = Buffer.alloc(Math.min(info.size, MAX_CONFIG_FILE_BYTES) + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled > MAX_CONFIG_FILE_BYTES) {
      throw new ConfigError(
        "CONFIG_READ_FAILED",
        `Config file ${path} is larger than ${MAX_CONFIG_FILE_BYTES} bytes`,
        { path, hint: "A config file holds settings, not data; shorten it." },
      );
    }
    return decodeUtf8(buffer.subarray(0, filled), path);
  } catch (error) {
    throw toReadError(path, error);
  } finally {
    await handle.close();
  }
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

function toReadError(path: string, error: unknown): ConfigError {
  if (ConfigError.isInstance(error)) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "ENOENT" || code === "ENOTDIR") {
    return new ConfigError("CONFIG_NOT_FOUND", `Config file not found: ${path}`, {
      path,
      hint: "Check the path, or leave the option out to use built-in defaults.",
      cause: error,
    });
  }
  if (code === "EISDIR") {
    return new ConfigError("CONFIG_READ_FAILED", `Config path ${path} is not a regular file`, {
      path,
      hint: "Pass the path of a .json or .json5 file.",
      cause: error,
    });
  }
  return new ConfigError(
    "CONFIG_READ_FAILED",
    `Cannot read config file ${path} (${typeof code === "string" ? code : "unknown error"})`,
    { path, hint: "Pass a readable regular file.", cause: error },
  );
}
