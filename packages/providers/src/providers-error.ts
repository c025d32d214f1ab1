import { PromptstackError } from "@promptstack/core";
import type { PromptstackErrorOptions } from "@promptstack/core";

const PROVIDERS_ERROR_MARKER = Symbol.for("promptstack.providers.error");

/** Codes thrown by `@promptstack/providers`. */
export type ProvidersErrorCode =
  | "PROVIDERS_INVALID_ARGUMENT"
  | "PROVIDERS_DUPLICATE_TOOL"
  | "PROVIDERS_NO_USER_TURN"
  | "PROVIDERS_BAD_ORDER";

/** Contract violation in providers input (a turn, a tool list or an option that cannot be used). */
export class ProvidersError extends PromptstackError<ProvidersErrorCode> {
  constructor(code: ProvidersErrorCode, message: string, options: PromptstackErrorOptions = {}) {
    super(code, message, options);
    this.name = "ProvidersError";
    this.mark(PROVIDERS_ERROR_MARKER);
  }

  /** True for a `ProvidersError`, even one thrown by another copy of the package. */
  static override isInstance(value: unknown): value is ProvidersError {
    return super.hasMarker(value, PROVIDERS_ERROR_MARKER);
  }
}
