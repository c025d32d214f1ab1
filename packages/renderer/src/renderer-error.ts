import { PromptstackError } from "@promptstack/core";
import type { PromptstackErrorOptions } from "@promptstack/core";

const RENDERER_ERROR_MARKER = Symbol.for("promptstack.renderer.error");

/** Codes thrown by `@promptstack/renderer`. */
export type RendererErrorCode =
  | "RENDERER_INVALID_INPUT"
  | "RENDERER_UNKNOWN_MODE"
  | "RENDERER_HOOK_FAILED"
  | "RENDERER_UNKNOWN_PROJECTION_VERSION"
  | "RENDERER_UNKNOWN_SECTION"
  | "RENDERER_SECTION_CLASH"
  | "RENDERER_SECTION_FAILED";

/** Contract violation in renderer input. `path` names the offending field. */
export class RendererError extends PromptstackError<RendererErrorCode> {
  constructor(code: RendererErrorCode, message: string, options: PromptstackErrorOptions = {}) {
    super(code, message, options);
    this.name = "RendererError";
    this.mark(RENDERER_ERROR_MARKER);
  }

  static override isInstance(value: unknown): value is RendererError {
    return super.hasMarker(value, RENDERER_ERROR_MARKER);
  }
}
