import { PromptstackError } from "@promptstack/core";
import type { PromptstackErrorOptions } from "@promptstack/core";

const SKILLS_ERROR_MARKER = Symbol.for("promptstack.skills.error");

/** Codes thrown by `@promptstack/skills`. */
export type SkillsErrorCode = "SKILLS_BAD_ROOT" | "SKILLS_BAD_OPTIONS";

/** Contract violation in skills input (a root or an option that cannot be used). */
export class SkillsError extends PromptstackError<SkillsErrorCode> {
  constructor(code: SkillsErrorCode, message: string, options: PromptstackErrorOptions = {}) {
    super(code, message, options);
    this.name = "SkillsError";
    this.mark(SKILLS_ERROR_MARKER);
  }

  /** True for a `SkillsError`, even one thrown by another copy of the package. */
  static override isInstance(value: unknown): value is SkillsError {
    return super.hasMarker(value, SKILLS_ERROR_MARKER);
  }
}
