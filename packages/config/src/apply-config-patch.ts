import { ConfigError } from "./config-error.js";
import type { PromptstackConfig } from "./config-types.js";
import { findDocumentHazards } from "./find-document-hazards.js";
import { normalizeLegacyConfig } from "./normalize-legacy-config.js";
import { createInvalidConfigError, parseConfig } from "./parse-config.js";
import type { ParsedConfig } from "./parse-config.js";
import { cloneJson, isPlainObject, setOwn } from "./plain-object.js";
import type { PlainObject } from "./plain-object.js";

/** Who writes the config: the agent (through its gateway tool) or the owner. */
export type ConfigWriteActor = "agent" | "owner";

/** Options of `applyConfigPatch` and `replaceConfig`. */
export interface ConfigWriteOptions {
  readonly actor: ConfigWriteActor;
}

/** Paths the agent may never write, in their current spelling. */
export const PROTECTED_CONFIG_PATHS: readonly string[] = ["tools.exec.ask", "tools.exec.security"];

const PROTECTED_LEAVES = ["ask", "security"] as const;

/**
 * Applies an RFC 7396 merge-patch (legacy spellings allowed) and returns the new validated
 * config; the input is never mutated. A patch that deletes `tools.exec` and writes legacy
 * `tools.bash.*` keys leaves a fresh `tools.exec` that holds only those keys. For `actor: "agent"`, any patch that names
 * `tools.exec.ask`/`security` (also as `tools.bash.*`) or would change them by replacing a
 * parent throws `ConfigError` `CONFIG_PROTECTED_PATH`.
 */
export function applyConfigPatch(
  config: PromptstackConfig,
  patch: unknown,
  options: ConfigWriteOptions,
): ParsedConfig {
  const hazards = findDocumentHazards(patch);
  if (hazards.length > 0) throw createInvalidConfigError("config patch", hazards);
  const normalizedPatch = normalizeLegacyConfig(patch).raw;
  if (options.actor === "agent") {
    const named = namedProtectedPaths(normalizedPatch);
    if (named.length > 0) throw createProtectedPathError(named, "the patch writes");
  }
  // Normalizing turns `exec: null` plus legacy `bash` keys into a plain `exec` write, which a
  // merge would lay over the old exec: drop the old one first, as the patch asked.
  const target = deletesExecForLegacyKeys(patch)
    ? mergePatch(config, { tools: { exec: null } })
    : config;
  const next = parseConfig(mergePatch(target, normalizedPatch), {
    source: "patched configuration",
  });
  if (options.actor === "agent")
    guardProtectedValues(config, next.config, "the patch would change");
  return next;
}

/**
 * Replaces the whole config (`config.apply`-style) after validating `next`. For
 * `actor: "agent"`, a replacement that changes `tools.exec.ask`/`security` throws
 * `CONFIG_PROTECTED_PATH`; carrying them over unchanged is allowed.
 */
export function replaceConfig(
  current: PromptstackConfig,
  next: unknown,
  options: ConfigWriteOptions,
): ParsedConfig {
  const parsed = parseConfig(next, { source: "replacement configuration" });
  if (options.actor === "agent")
    guardProtectedValues(current, parsed.config, "the replacement would change");
  return parsed;
}

/** RFC 7396 JSON merge-patch; returns a fresh value and never pollutes prototypes. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return cloneJson(patch);
  const result: PlainObject = isPlainObject(target) ? cloneJson(target) : {};
  for (const key of Object.keys(patch)) {
    const value = patch[key];
    if (value === null) delete result[key];
    else setOwn(result, key, mergePatch(result[key], value));
  }
  return result;
}

/** True for a patch with `tools.exec: null` next to a legacy `tools.bash` object. */
function deletesExecForLegacyKeys(patch: unknown): boolean {
  const tools = isPlainObject(patch) ? patch["tools"] : undefined;
  return isPlainObject(tools) && tools["exec"] === null && isPlainObject(tools["bash"]);
}

function namedProtectedPaths(patch: unknown): string[] {
  if (!isPlainObject(patch)) return [];
  const tools = patch["tools"];
  if (!isPlainObject(tools)) return [];
  const exec = tools["exec"];
  if (!isPlainObject(exec)) return [];
  return PROTECTED_LEAVES.filter((leaf) => Object.hasOwn(exec, leaf)).map(
    (leaf) => `tools.exec.${leaf}`,
  );
}

function guardProtectedValues(
  before: PromptstackConfig,
  after: PromptstackConfig,
  verb: string,
): void {
  const changed = PROTECTED_LEAVES.filter(
    (leaf) => before.tools?.exec?.[leaf] !== after.tools?.exec?.[leaf],
  ).map((leaf) => `tools.exec.${leaf}`);
  if (changed.length > 0) throw createProtectedPathError(changed, verb);
}

function createProtectedPathError(paths: readonly string[], verb: string): ConfigError {
  return new ConfigError(
    "CONFIG_PROTECTED_PATH",
    `Refused: ${verb} ${paths.join(" and ")}, which only the owner may change (legacy tools.bash.* counts as tools.exec.*)`,
    {
      path: paths[0]!,
      issues: paths.map((path) => ({ path, message: "protected: owner-only" })),
      hint: "Ask the owner to change exec approval settings; leave tools.exec.ask and tools.exec.security out of the patch.",
    },
  );
}
