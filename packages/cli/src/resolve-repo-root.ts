import { fileURLToPath } from "node:url";

/** The repository root: the CLI runs from a checkout (`src/` or `dist/` under packages/cli/). */
export function resolveRepoRoot(): string {
  return fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");
}
