import type { Diagnostic } from "@promptstack/core";
import { ConfigError } from "./config-error.js";
import type { ConfigIssue } from "./config-error.js";
import { getConfigSchema } from "./config-schema.js";
import type { PromptstackConfig, PromptstackConfigInput } from "./config-types.js";
import {
  findDocumentHazards,
  isPrototypeKeyIssue,
  withoutPrototypeKeys,
} from "./find-document-hazards.js";
import { findSectionRegistryIssues } from "./find-section-registry-issues.js";
import { findUnknownKeys } from "./find-unknown-keys.js";
import { formatZodIssues } from "./format-zod-issues.js";
import { normalizeLegacyConfig } from "./normalize-legacy-config.js";

/** A validated configuration and the warnings found on the way. */
export interface ParsedConfig {
  readonly config: PromptstackConfig;
  readonly diagnostics: Diagnostic[];
}

/** Options of `parseConfig`. */
export interface ParseConfigOptions {
  /** Names the source in error messages, e.g. a file path. */
  readonly source?: string;
}

/**
 * Validates a configuration document (already parsed from JSON/JSON5): rejects hazards,
 * normalizes legacy spellings, validates against the schema and reports unknown keys.
 * `undefined` means no configuration (built-in defaults). Throws `ConfigError` `CONFIG_INVALID`
 * listing every offending path.
 */
export function parseConfig(
  raw: PromptstackConfigInput | undefined,
  options?: ParseConfigOptions,
): ParsedConfig;
/** Any value, e.g. a parsed JSON5 file: checked at run time. */
export function parseConfig(raw: unknown, options?: ParseConfigOptions): ParsedConfig;
export function parseConfig(raw: unknown, options: ParseConfigOptions = {}): ParsedConfig {
  const where = options.source === undefined ? "configuration" : options.source;
  if (raw === undefined) return { config: {}, diagnostics: [] };
  const hazards = findDocumentHazards(raw);
  // Depth, size and non-JSON values stop here; prototype keys are reported together with every
  // other problem, found on a copy without them.
  if (!hazards.every(isPrototypeKeyIssue)) throw createInvalidConfigError(where, hazards);

  const normalized = normalizeLegacyConfig(hazards.length > 0 ? withoutPrototypeKeys(raw) : raw);
  // Legacy spellings can turn values into keys (agents.list ids): scan again after normalizing.
  const normalizedHazards = findDocumentHazards(normalized.raw).filter(
    (issue) => !hazards.some((known) => known.path === issue.path),
  );
  const legacyErrors: ConfigIssue[] = normalized.diagnostics
    .filter((diagnostic) => diagnostic.severity === "error")
    .map((diagnostic) => ({
      path: diagnostic.path ?? "(root)",
      message: diagnostic.message.replace(/^[^:]+: /, ""),
    }));
  const result = getConfigSchema().safeParse(normalized.raw, { reportInput: true });
  const issues = [
    ...hazards,
    ...normalizedHazards,
    ...legacyErrors,
    ...(result.success
      ? findSectionRegistryIssues(result.data as PromptstackConfig)
      : formatZodIssues(result.error.issues)),
  ];
  if (issues.length > 0 || !result.success) throw createInvalidConfigError(where, issues);

  const diagnostics = [
    ...normalized.diagnostics,
    ...findUnknownKeys(normalized.raw, getConfigSchema()),
  ];
  return { config: result.data as PromptstackConfig, diagnostics };
}

/** Builds the `CONFIG_INVALID` error: one line per issue, all of them. */
export function createInvalidConfigError(
  where: string,
  issues: readonly ConfigIssue[],
): ConfigError {
  const lines = issues.map((issue) => `  ${issue.path}: ${issue.message}`);
  const noun = issues.length === 1 ? "problem" : "problems";
  return new ConfigError(
    "CONFIG_INVALID",
    `Invalid ${where} (${issues.length} ${noun}):\n${lines.join("\n")}`,
    {
      issues,
      ...(issues[0] === undefined ? {} : { path: issues[0].path }),
      hint: "Fix each listed path; `promptstack schema <path>` shows what a key accepts.",
    },
  );
}
