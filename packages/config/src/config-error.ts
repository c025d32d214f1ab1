import { PromptstackError } from "@promptstack/core";
import type { PromptstackErrorOptions } from "@promptstack/core";

const CONFIG_ERROR_MARKER = Symbol.for("promptstack.config.error");

/** Codes thrown by `@promptstack/config`. */
export type ConfigErrorCode =
  | "CONFIG_INVALID"
  | "CONFIG_SYNTAX"
  | "CONFIG_NOT_FOUND"
  | "CONFIG_READ_FAILED"
  | "CONFIG_INVALID_FACTS"
  | "CONFIG_PROTECTED_PATH"
  | "CONFIG_SECTIONS_FILE_INVALID";

/** One offending value: a dotted path (`agents.entries.main.skills`) and a readable reason. */
export interface ConfigIssue {
  readonly path: string;
  readonly message: string;
}

/** Options of `ConfigError`: the base options plus every issue found. */
export interface ConfigErrorOptions extends PromptstackErrorOptions {
  readonly issues?: readonly ConfigIssue[];
}

/** Contract violation in configuration, run facts or a config write. `issues` lists every path. */
export class ConfigError extends PromptstackError<ConfigErrorCode> {
  readonly issues: readonly ConfigIssue[];

  constructor(code: ConfigErrorCode, message: string, options: ConfigErrorOptions = {}) {
    super(code, message, options);
    this.name = "ConfigError";
    this.issues = options.issues ?? [];
    this.mark(CONFIG_ERROR_MARKER);
  }

  static override isInstance(value: unknown): value is ConfigError {
    return super.hasMarker(value, CONFIG_ERROR_MARKER);
  }
}
