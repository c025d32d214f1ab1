/**
 * `pnpm prompt:snapshots:sync-codex-model [--catalog <path>]`: refreshes the pinned gpt-5.5
 * model-prompt fixture from a Codex model catalog. The lookup and the write live in
 * the private `@promptstack-tools/prompt-snapshots` (`writeCodexModelPromptFixture`); this file only
 * parses argv and maps the result to an exit code.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { resolveCodexCatalogCandidates as resolveDefaultCandidates } from "@promptstack/harness-codex";
import {
  formatCodexModelSyncResult,
  writeCodexModelPromptFixture,
} from "@promptstack-tools/prompt-snapshots";

/** Everything the command reads from its surroundings, injectable for tests. */
export interface SyncCodexModelContext {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homeDir: string;
  /** The fixture to write. */
  readonly fixturePath: string;
  readonly exists?: (path: string) => boolean;
}

function readCatalogFlag(argv: readonly string[]): string | undefined {
  const flag = argv.indexOf("--catalog");
  if (flag < 0) return undefined;
  const value = argv[flag + 1];
  if (value === undefined || value.startsWith("--")) {
    throw new Error("--catalog needs a path to a models.json or models_cache.json.");
  }
  return value;
}

/** The catalog candidates in lookup order (`--catalog` alone when given). */
export function resolveCodexCatalogCandidates(context: SyncCodexModelContext): string[] {
  const explicit = readCatalogFlag(context.argv);
  if (explicit !== undefined) return [explicit];
  return resolveDefaultCandidates({ env: context.env, homeDir: context.homeDir });
}

/** Runs the sync; returns the exit code and the lines to print. */
export async function runSyncCodexModel(
  context: SyncCodexModelContext,
): Promise<{ readonly exitCode: number; readonly output: string }> {
  const catalogPath = readCatalogFlag(context.argv);
  const result = await writeCodexModelPromptFixture({
    fixturePath: context.fixturePath,
    env: context.env,
    homeDir: context.homeDir,
    ...(catalogPath === undefined ? {} : { catalogPath }),
    ...(context.exists === undefined ? {} : { exists: context.exists }),
  });
  return {
    exitCode: result.status === "catalog-missing" ? 1 : 0,
    output: formatCodexModelSyncResult(result, "pnpm prompt:snapshots:gen"),
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
