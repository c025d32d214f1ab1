import { join } from "node:path";
import type { Diagnostic } from "@promptstack/core";
import { LEGACY_TOOLS_FILE_NAME } from "./bootstrap-file-names.js";
import type { BootstrapNameVariant } from "./discover-bootstrap-name-variants.js";

/**
 * One `BOOTSTRAP_LEGACY_TOOLS_FILE` warning per entry of the configured workspace `dir` named
 * `TOOLS.md` (in any case): the file is no longer loaded, so its notes would be lost without a
 * word. Pure.
 */
export function findLegacyToolsFile(
  dir: string,
  variants: readonly BootstrapNameVariant[],
): Diagnostic[] {
  return variants
    .filter((variant) => variant.canonical === LEGACY_TOOLS_FILE_NAME)
    .map(({ entry }) => ({
      code: "BOOTSTRAP_LEGACY_TOOLS_FILE",
      severity: "warning",
      message: `${entry} is not loaded: tool notes now live in a \`## Tools\` section of AGENTS.md, so nothing in ${entry} reaches the model.`,
      path: join(dir, entry),
      hint: `Move the notes from ${entry} into a \`## Tools\` section of AGENTS.md, then delete ${entry}.`,
    }));
}
