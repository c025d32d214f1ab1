import { readFile, stat } from "node:fs/promises";
import { ConfigError } from "./config-error.js";
import { parseConfig } from "./parse-config.js";
import type { ParsedConfig } from "./parse-config.js";
import { parseConfigText } from "./parse-config-text.js";

/** Largest config file read; real files are a few KB. */
export const MAX_CONFIG_FILE_BYTES = 4 * 1024 * 1024;

/**
 * Reads and validates a JSON or JSON5 config file. Throws `ConfigError`: `CONFIG_NOT_FOUND`,
 * `CONFIG_READ_FAILED`, `CONFIG_SYNTAX` (with file, line and column) or `CONFIG_INVALID`.
 */
export async function loadConfigFile(path: string): Promise<ParsedConfig> {
  const text = await readConfigText(path);
  return parseConfig(parseConfigText(text, path), { source: path });
}

async function readConfigText(path: string): Promise<string> {
  try {
    const info = await stat(path);
    if (!info.isFile()) {
      throw new ConfigError("CONFIG_READ_FAILED", `Config path ${path} is not a regular file`, {
        path,
        hint: "Pass the path of a .json or .json5 file.",
      });
    }
    if (info.size > MAX_CONFIG_FILE_BYTES) {
      throw new ConfigError(
        "CONFIG_READ_FAILED",
        `Config file ${path} is larger than ${MAX_CONFIG_FILE_BYTES} bytes`,
        { path, hint: "A config file holds settings, not data; shorten it." },
      );
    }
    return await readFile(path, "utf8");
  } catch (error) {
    if (ConfigError.isInstance(error)) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new ConfigError("CONFIG_NOT_FOUND", `Config file not found: ${path}`, {
        path,
        hint: "Check the path, or leave the option out to use built-in defaults.",
        cause: error,
      });
    }
    throw new ConfigError(
      "CONFIG_READ_FAILED",
      `Cannot read config file ${path} (${typeof code === "string" ? code : "unknown error"})`,
      { path, hint: "Pass a readable regular file.", cause: error },
    );
  }
}
