import { PromptstackError } from "@promptstack/core";
import type { PromptstackErrorOptions } from "@promptstack/core";

const CODEX_ERROR_MARKER = Symbol.for("promptstack.harness-codex.error");

/** Codes thrown by `@promptstack/harness-codex`. */
export type CodexErrorCode =
  | "CODEX_CATALOG_INVALID"
  | "CODEX_CATALOG_UNREADABLE"
  | "CODEX_UNKNOWN_MODEL"
  | "CODEX_INVALID_TURN_INPUT"
  | "CODEX_BOUNDARY_LEAK"
  | "CODEX_SNAPSHOT_INPUT_INVALID";

/** Contract violation in the Codex adapter. `path` names the offending file or field. */
export class CodexError extends PromptstackError<CodexErrorCode> {
  constructor(code: CodexErrorCode, message: string, options: PromptstackErrorOptions = {}) {
    super(code, message, options);
    this.name = "CodexError";
    this.mark(CODEX_ERROR_MARKER);
  }

  static override isInstance(value: unknown): value is CodexError {
    return super.hasMarker(value, CODEX_ERROR_MARKER);
  }
}
