import { join } from "node:path";
import type { Diagnostic } from "@promptstack/core";
import type { BootstrapNameVariant } from "./discover-bootstrap-name-variants.js";

/** A bootstrap file looked for in one folder this turn, and whether reading it found a file. */
export interface CaseVariantCandidate {
  readonly name: string;
  /** `missing`: nothing under that name; anything else means the name opened a file. */
  readonly read: "missing" | "found";
}

/**
 * One `BOOTSTRAP_FILE_CASE_VARIANT` warning per entry of `dir` whose name differs from a
 * bootstrap file looked for this turn only by case (`memory.md` for `MEMORY.md`). The message
 * says which file is used: the exact name when it exists; the variant when the exact name still
 * opened a file (a case-insensitive file system); otherwise none. Pure.
 */
export function findBootstrapCaseVariants(
  dir: string,
  variants: readonly BootstrapNameVariant[],
  candidates: readonly CaseVariantCandidate[],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const candidate of candidates) {
    const group = variants.filter((variant) => variant.canonical === candidate.name);
    const exact = group.some((variant) => variant.entry === candidate.name);
    const others = group.filter((variant) => variant.entry !== candidate.name);
    for (const variant of others) {
      const name = candidate.name;
      const entry = variant.entry;
      const [message, hint] = exact
        ? [
            `${entry} sits next to ${name}; only ${name} is read and ${entry} is ignored.`,
            `Merge what ${entry} holds into ${name}, then delete ${entry}.`,
          ]
        : candidate.read === "found" && others.length === 1
          ? [
              `${entry} is read as ${name} only because this file system ignores case; on a case-sensitive one it is ignored.`,
              `Rename ${entry} to ${name}.`,
            ]
          : [
              `${entry} is not read: the bootstrap file is ${name}, spelled exactly so.`,
              `Rename ${entry} to ${name}${others.length > 1 ? " (merge the other case variants into it)" : ""}.`,
            ];
      diagnostics.push({
        code: "BOOTSTRAP_FILE_CASE_VARIANT",
        severity: "warning",
        message,
        path: join(dir, entry),
        hint,
      });
    }
  }
  return diagnostics;
}
