/**
 * Regenerates the Codex app-server JSON Schemas from the pinned @openai/codex and commits the
 * subset the adapter builds under `fixtures/codex-protocol/<version>/`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { formatCanonicalJson } from "@promptstack/core";
import { installCodexCli, PINNED_CODEX_VERSION } from "./codex-conformance.js";

/** Generated schema files the adapter's params and the conformance client depend on. */
export const CODEX_PROTOCOL_SUBSET = [
  "v2/ThreadStartParams.json",
  "v2/ThreadResumeParams.json",
  "v2/TurnStartParams.json",
  "v1/InitializeParams.json",
  "ClientNotification.json",
] as const;

/**
 * Picks the subset from the generated files (path → text) and re-serializes each with sorted
 * keys. Throws naming any missing file, so a protocol rename fails loudly.
 */
export function selectCodexProtocolSchemas(
  generated: ReadonlyMap<string, string>,
): Map<string, string> {
  const selected = new Map<string, string>();
  for (const path of CODEX_PROTOCOL_SUBSET) {
    const text = generated.get(path);
    if (text === undefined) {
      throw new Error(`codex app-server generate-json-schema did not write ${path}.`);
    }
    selected.set(path, formatCanonicalJson(JSON.parse(text), { indent: 2 }));
  }
  return selected;
}

function main(): number {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const binary = installCodexCli(join(root, ".tmp", `codex-${PINNED_CODEX_VERSION}`));
  const out = mkdtempSync(join(tmpdir(), "promptstack-codex-schema-"));
  try {
    const run = spawnSync(
      binary,
      ["app-server", "generate-json-schema", "--experimental", "--out", out],
      { encoding: "utf8", env: { PATH: process.env["PATH"] ?? "", HOME: out, CODEX_HOME: out } },
    );
    if (run.status !== 0) throw new Error(`generate-json-schema failed: ${run.stderr}`);
    const generated = new Map<string, string>();
    for (const path of CODEX_PROTOCOL_SUBSET) {
      try {
        generated.set(path, readFileSync(join(out, path), "utf8"));
      } catch {
        // selectCodexProtocolSchemas reports the missing file by name.
      }
    }
    const target = join(root, "fixtures", "codex-protocol", PINNED_CODEX_VERSION);
    for (const [path, content] of selectCodexProtocolSchemas(generated)) {
      mkdirSync(dirname(join(target, path)), { recursive: true });
      writeFileSync(join(target, path), content);
      process.stdout.write(`wrote fixtures/codex-protocol/${PINNED_CODEX_VERSION}/${path}\n`);
    }
    return 0;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(main());
}
