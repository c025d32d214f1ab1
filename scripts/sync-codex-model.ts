/**
 * `pnpm prompt:snapshots:sync-codex-model [--catalog <path>]`: refreshes the pinned gpt-5.5
 * model-prompt fixture from a Codex model catalog. Without `--catalog` it looks, in order, at
 * `$CODEX_HOME/models_cache.json`, `~/.codex/models_cache.json` and
 * `~/code/codex/codex-rs/models-manager/models.json`; when none exists it says what it looked for
 * and exits 0 without touching the fixture.
 */
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  PINNED_CODEX_MODEL,
  buildCodexModelPromptFixture,
  formatCodexModelPromptFixture,
  readCodexModelCatalog,
} from "@promptstack/harness-codex";

/** Everything the command reads from its surroundings, injectable for tests. */
export interface SyncCodexModelContext {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homeDir: string;
  /** The fixture to write. */
  readonly fixturePath: string;
  readonly exists?: (path: string) => boolean;
}

/** The catalog candidates in lookup order (`--catalog` alone when given). */
export function resolveCodexCatalogCandidates(context: SyncCodexModelContext): string[] {
  const flag = context.argv.indexOf("--catalog");
  if (flag >= 0) {
    const value = context.argv[flag + 1];
    if (value === undefined || value.startsWith("--")) {
      throw new Error("--catalog needs a path to a models.json or models_cache.json.");
    }
    return [value];
  }
  const candidates: string[] = [];
  const codexHome = context.env["CODEX_HOME"];
  if (codexHome !== undefined && codexHome !== "") {
    candidates.push(join(codexHome, "models_cache.json"));
  }
  candidates.push(join(context.homeDir, ".codex", "models_cache.json"));
  candidates.push(
    join(context.homeDir, "code", "codex", "codex-rs", "models-manager", "models.json"),
  );
  return candidates;
}

/** Runs the sync; returns the exit code and the lines to print. */
export async function runSyncCodexModel(
  context: SyncCodexModelContext,
): Promise<{ readonly exitCode: number; readonly output: string }> {
  const exists = context.exists ?? existsSync;
  const candidates = resolveCodexCatalogCandidates(context);
  const explicit = context.argv.includes("--catalog");
  const found = candidates.find((path) => exists(path));
  if (found === undefined) {
    if (explicit) return { exitCode: 1, output: `Catalog not found: ${candidates[0] ?? ""}\n` };
    return {
      exitCode: 0,
      output: `No Codex model catalog found; the fixture is unchanged. Looked for:\n${candidates.map((path) => `  ${path}`).join("\n")}\n`,
    };
  }
  const catalog = await readCodexModelCatalog(found);
  const fixture = buildCodexModelPromptFixture(catalog, PINNED_CODEX_MODEL);
  await writeFile(context.fixturePath, formatCodexModelPromptFixture(fixture));
  return {
    exitCode: 0,
    output: `Wrote ${context.fixturePath} from ${found} (${fixture.slug}, ${fixture.origin}).\nRun pnpm prompt:snapshots:gen to refresh the snapshots.\n`,
  };
}

/** The committed fixture's path in a checkout. */
export function toCodexModelPromptFixturePath(repoRoot: string): string {
  return join(repoRoot, "fixtures", "codex-model-catalog", "gpt-5.5.model-prompt.json");
}

async function main(): Promise<number> {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const result = await runSyncCodexModel({
    argv: process.argv.slice(2),
    env: process.env,
    homeDir: homedir(),
    fixturePath: toCodexModelPromptFixturePath(root),
  });
  (result.exitCode === 0 ? process.stdout : process.stderr).write(result.output);
  return result.exitCode;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `sync-codex-model: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
