import type { Diagnostic } from "@promptstack/core";

/** Internal: the error code of a file-system error, when it has one. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === "object" &&
    error !== null &&
    "code" in error &&
    typeof error.code === "string"
    ? error.code
    : undefined;
}

export function describeFsError(error: unknown): string {
  return (
    errorCode(error) ??
    (error instanceof Error ? (error.message.split("\n")[0] ?? "unknown error") : "unknown error")
  );
}

/** Internal: the diagnostic for a link or file that resolves outside its skill root. */
export function outsideRoot(link: string, real: string): Diagnostic {
  return {
    code: "SKILLS_SYMLINK_OUTSIDE_ROOT",
    severity: "warning",
    message: `Symlink ${link} resolves to ${real}, outside its skill root; it was skipped.`,
    path: link,
    hint: "Add the target folder as its own skill root, or copy the skill into this root.",
  };
}

/** Internal: the diagnostic for a SKILL.md over the size bound. */
export function tooLarge(filePath: string, maxBytes: number): Diagnostic {
  return {
    code: "SKILL_TOO_LARGE",
    severity: "error",
    message: `SKILL.md is larger than ${maxBytes} bytes; the skill was skipped.`,
    path: filePath,
    hint: "Move long material into files next to SKILL.md and link to them.",
  };
}
