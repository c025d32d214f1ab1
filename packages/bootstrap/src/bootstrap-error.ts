import { hasErrorMarker, markError, PromptstackError } from "@promptstack/renderer";
import type { PromptstackErrorOptions } from "@promptstack/renderer";

const BOOTSTRAP_ERROR_MARKER = Symbol.for("promptstack.bootstrap.error");

/** Codes thrown by `@promptstack/bootstrap`. */
export type BootstrapErrorCode =
  "BOOTSTRAP_INVALID_OPTIONS" | "BOOTSTRAP_BAD_WORKSPACE" | "BOOTSTRAP_SEED_FAILED";

/** Contract violation in bootstrap options or an unusable workspace. `path` names the culprit. */
export class BootstrapError extends PromptstackError<BootstrapErrorCode> {
  constructor(code: BootstrapErrorCode, message: string, options: PromptstackErrorOptions = {}) {
    super(code, message, options);
    this.name = "BootstrapError";
    markError(this, BOOTSTRAP_ERROR_MARKER);
  }

  static override isInstance(value: unknown): value is BootstrapError {
    return hasErrorMarker(value, BOOTSTRAP_ERROR_MARKER);
  }
}
