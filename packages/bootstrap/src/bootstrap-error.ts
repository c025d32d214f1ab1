import { PromptstackError } from "@promptstack/core";
import type { PromptstackErrorOptions } from "@promptstack/core";

const BOOTSTRAP_ERROR_MARKER = Symbol.for("promptstack.bootstrap.error");

/** Codes thrown by `@promptstack/bootstrap`. */
export type BootstrapErrorCode =
  "BOOTSTRAP_INVALID_OPTIONS" | "BOOTSTRAP_BAD_WORKSPACE" | "BOOTSTRAP_SEED_FAILED";

/** Contract violation in bootstrap options or an unusable workspace. `path` names the culprit. */
export class BootstrapError extends PromptstackError<BootstrapErrorCode> {
  constructor(code: BootstrapErrorCode, message: string, options: PromptstackErrorOptions = {}) {
    super(code, message, options);
    this.name = "BootstrapError";
    this.mark(BOOTSTRAP_ERROR_MARKER);
  }

  static override isInstance(value: unknown): value is BootstrapError {
    return super.hasMarker(value, BOOTSTRAP_ERROR_MARKER);
  }
}
