import type { CodexModelSyncResult } from "./write-codex-model-prompt-fixture.js";

/**
 * The lines a sync prints. `regenerateCommand` is what refreshes the snapshots afterwards
 * (`pnpm prompt:snapshots:gen`, `promptstack snapshots gen`).
 */
export function formatCodexModelSyncResult(
  result: CodexModelSyncResult,
  regenerateCommand: string,
): string {
  switch (result.status) {
    case "written":
      return (
        `Wrote ${result.fixturePath} from ${result.catalogPath} (${result.fixture.slug}, ${result.fixture.origin}).\n` +
        `Run ${regenerateCommand} to refresh the snapshots.\n`
      );
    case "no-catalog":
      return `No Codex model catalog found; the fixture is unchanged. Looked for:\n${result.candidates.map((path) => `  ${path}\n`).join("")}`;
    case "catalog-missing":
      return `Codex model catalog ${result.catalogPath} does not exist; the fixture is unchanged.\n`;
  }
}
