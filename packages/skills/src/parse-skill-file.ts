import path from "node:path";
import type { Diagnostic } from "@promptstack/core";
import { parseSkillFrontMatter } from "./parse-skill-front-matter.js";
import type { ParsedSkill, SkillMetadata, SkillRequires } from "./types.js";

/** Result of parsing one SKILL.md: the skill when usable, and every problem found. */
export interface ParseSkillFileResult {
  readonly skill?: ParsedSkill;
  readonly diagnostics: Diagnostic[];
}

const MAX_STANDARD_NAME_LENGTH = 64;
const MAX_STANDARD_DESCRIPTION_LENGTH = 1024;
const STANDARD_NAME = /^[a-z0-9-]+$/;
// YAML aliases share one value many times over, so a small file can describe huge lists; every
// string read from metadata counts against these bounds, aliases included, before anything is
// joined or copied.
/** Most items in one metadata list. */
export const MAX_METADATA_LIST_ITEMS = 64;
/** Longest string in metadata. */
export const MAX_METADATA_STRING_CHARS = 256;
/** Most characters read from metadata in all. */
export const MAX_METADATA_TOTAL_CHARS = 4096;
// Control characters and line/paragraph separators would let a name break out of its line.
const UNSAFE_NAME_CHARACTER = /[\p{Cc}\u2028\u2029]/u;

/**
 * Parses the YAML frontmatter of one SKILL.md. Never throws: a file that cannot define a skill
 * yields no `skill` and an error diagnostic; recoverable problems are warnings.
 */
export function parseSkillFile(text: string, filePath: string): ParseSkillFileResult {
  const diagnostics: Diagnostic[] = [];
  const skip: Skip = (code, message, hint) => {
    diagnostics.push({ code, severity: "error", message, path: filePath, hint });
    return undefined;
  };

  const data = readFrontMatterRecord(text, filePath, diagnostics, skip);
  if (data === undefined) return { diagnostics };
  const name = readSkillName(data, filePath, diagnostics, skip);
  if (name === undefined) return { diagnostics };
  const description = readSkillDescription(data, name, filePath, diagnostics, skip);
  if (description === undefined) return { diagnostics };

  const warn = createFieldWarner(filePath, diagnostics);
  const readBoolean = (field: string, fallback: boolean): boolean => {
    const value = data[field];
    if (value === undefined || value === null) return fallback;
    if (typeof value === "boolean") return value;
    warn(field, "true or false", value);
    return fallback;
  };

  const userInvocable = readBoolean("user-invocable", true);
  const disableModelInvocation = readBoolean("disable-model-invocation", false);
  const rawHomepage = data["homepage"];
  let homepage: string | undefined;
  if (typeof rawHomepage === "string" && rawHomepage.trim() !== "") {
    homepage = rawHomepage.trim();
  } else if (rawHomepage !== undefined && rawHomepage !== null) {
    warn("homepage", "a URL string", rawHomepage);
  }

  const budget: MetadataBudget = { chars: 0, exceeded: undefined };
  const metadata = readOpenclawMetadata(data["metadata"], warn, budget);
  if (budget.exceeded !== undefined) {
    // Dropping only the oversized field could drop a gate (os, requires) and widen where the
    // skill runs, so the whole skill is skipped.
    skip(
      "SKILL_METADATA_TOO_LARGE",
      `SKILL.md \`${budget.exceeded}\` is too large (lists of at most ${MAX_METADATA_LIST_ITEMS} items, strings of at most ${MAX_METADATA_STRING_CHARS} characters, ${MAX_METADATA_TOTAL_CHARS} characters of metadata in all, YAML aliases counted each time); the skill was skipped.`,
      "Shorten the metadata lists; YAML anchors and aliases do not make them cheaper.",
    );
    return { diagnostics };
  }
  const skill: ParsedSkill = {
    name,
    description,
    userInvocable,
    disableModelInvocation,
    ...(homepage === undefined ? {} : { homepage }),
    metadata,
  };
  return { skill, diagnostics };
}

/** Records the error that skips the whole skill; returns undefined for the caller to pass on. */
type Skip = (code: string, message: string, hint: string) => undefined;

/**
 * The frontmatter of `text` as a mapping, with a warning per field read as plain text; undefined
 * (after `skip`) for a binary file, invalid YAML, no frontmatter or one that is not a mapping.
 */
function readFrontMatterRecord(
  text: string,
  filePath: string,
  diagnostics: Diagnostic[],
  skip: Skip,
): Record<string, unknown> | undefined {
  if (text.includes("\u0000")) {
    return skip(
      "SKILL_BINARY",
      "SKILL.md contains NUL bytes; it looks like a binary file, so the skill was skipped.",
      "Save SKILL.md as UTF-8 text.",
    );
  }
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let frontMatter: ReturnType<typeof parseSkillFrontMatter>;
  try {
    frontMatter = parseSkillFrontMatter(source);
  } catch (error) {
    return skip(
      "SKILL_YAML_INVALID",
      `SKILL.md frontmatter is not valid YAML (${describeYamlError(error)}); the skill was skipped.`,
      "Fix the YAML between the `---` lines.",
    );
  }
  if (!frontMatter.found) {
    return skip(
      "SKILL_NO_FRONTMATTER",
      "SKILL.md has no YAML frontmatter, so it has no description and was skipped.",
      "Start the file with a `---` block that sets `name` and `description`.",
    );
  }
  for (const { field, reason, line } of frontMatter.recovered) {
    diagnostics.push({
      code: "SKILL_FIELD_RECOVERED",
      severity: "warning",
      message: `SKILL.md \`${field}\` is not valid YAML (${reason} at line ${line}); its text was read as plain text.`,
      path: filePath,
      hint: `Quote the value (\`${field}: "..."\`), or start a \`>\` block on its own line with the text indented below.`,
    });
  }
  const data = frontMatter.data;
  if (!isPlainRecord(data)) {
    return skip(
      "SKILL_FRONTMATTER_NOT_OBJECT",
      "SKILL.md frontmatter is not a mapping of keys to values; the skill was skipped.",
      "Write the frontmatter as `key: value` lines.",
    );
  }
  return data;
}

/**
 * The skill's name (the folder's name when `name` is unset), warned when it breaks the Agent
 * Skills naming rule; undefined (after `skip`) when it is not a string, empty or unsafe.
 */
function readSkillName(
  data: Record<string, unknown>,
  filePath: string,
  diagnostics: Diagnostic[],
  skip: Skip,
): string | undefined {
  const rawName = data["name"];
  let name: string;
  if (rawName === undefined || rawName === null || rawName === "") {
    name = path.basename(path.dirname(filePath));
  } else if (typeof rawName === "string") {
    name = rawName.trim();
  } else {
    return skip(
      "SKILL_NAME_INVALID",
      `SKILL.md \`name\` must be a string, got ${describeType(rawName)}; the skill was skipped.`,
      "Quote the name or remove it to use the folder name.",
    );
  }
  if (name === "" || UNSAFE_NAME_CHARACTER.test(name)) {
    return skip(
      "SKILL_NAME_INVALID",
      "The skill name is empty or contains control characters or line breaks; the skill was skipped.",
      "Use a single-line name of lowercase letters, digits and hyphens.",
    );
  }
  if (name.length > MAX_STANDARD_NAME_LENGTH || !STANDARD_NAME.test(name)) {
    diagnostics.push({
      code: "SKILL_NAME_NONSTANDARD",
      severity: "warning",
      message: `Skill name "${truncateForMessage(name)}" breaks the Agent Skills naming rule (at most ${MAX_STANDARD_NAME_LENGTH} characters of a-z, 0-9 and "-").`,
      path: filePath,
      hint: "Rename the skill, e.g. `my-skill`.",
    });
  }
  return name;
}

/**
 * The trimmed description, warned when over the Agent Skills limit; undefined (after `skip`)
 * when it is missing, not a string or blank.
 */
function readSkillDescription(
  data: Record<string, unknown>,
  name: string,
  filePath: string,
  diagnostics: Diagnostic[],
  skip: Skip,
): string | undefined {
  const rawDescription = data["description"];
  if (typeof rawDescription !== "string" || rawDescription.trim() === "") {
    return skip(
      "SKILL_DESCRIPTION_MISSING",
      `Skill "${truncateForMessage(name)}" has no description; the skill was skipped.`,
      "Add `description:` with one sentence on when to use the skill.",
    );
  }
  const description = rawDescription.trim();
  if (description.length > MAX_STANDARD_DESCRIPTION_LENGTH) {
    diagnostics.push({
      code: "SKILL_DESCRIPTION_LONG",
      severity: "warning",
      message: `Skill "${truncateForMessage(name)}" has a description of ${description.length} characters; the Agent Skills limit is ${MAX_STANDARD_DESCRIPTION_LENGTH}.`,
      path: filePath,
      hint: "Shorten the description; details belong in the SKILL.md body.",
    });
  }
  return description;
}

/** A `Warn` that records an ignored field of `filePath` as a `SKILL_FIELD_INVALID` warning. */
function createFieldWarner(filePath: string, diagnostics: Diagnostic[]): Warn {
  return (field, expected, value, got = describeType(value)) => {
    diagnostics.push({
      code: "SKILL_FIELD_INVALID",
      severity: "warning",
      message: `SKILL.md \`${field}\` must be ${expected}, got ${got}; it was ignored.`,
      path: filePath,
      hint: `Set \`${field}\` to ${expected} or remove it.`,
    });
  };
}

type Warn = (field: string, expected: string, value: unknown, got?: string) => void;

interface MetadataBudget {
  chars: number;
  /** The first field over a bound. */
  exceeded: string | undefined;
}

function spend(budget: MetadataBudget, field: string, text: string): boolean {
  budget.chars += text.length;
  if (text.length > MAX_METADATA_STRING_CHARS || budget.chars > MAX_METADATA_TOTAL_CHARS) {
    budget.exceeded ??= field;
    return false;
  }
  return true;
}

// Builds fresh values field by field, so nothing js-yaml returned is exposed.
function readOpenclawMetadata(raw: unknown, warn: Warn, budget: MetadataBudget): SkillMetadata {
  if (raw === undefined || raw === null) return {};
  let value = raw;
  if (typeof value === "string") {
    if (value.length > MAX_METADATA_TOTAL_CHARS) {
      budget.exceeded = "metadata";
      return {};
    }
    try {
      value = JSON.parse(value);
    } catch {
      warn("metadata", "a mapping or a JSON object string", value, "a string that is not JSON");
      return {};
    }
  }
  if (!isPlainRecord(value)) {
    warn("metadata", "a mapping or a JSON object string", value);
    return {};
  }
  const openclaw = value["openclaw"];
  if (openclaw === undefined || openclaw === null) return {};
  if (!isPlainRecord(openclaw)) {
    warn("metadata.openclaw", "a mapping", openclaw);
    return {};
  }

  const metadata: {
    always?: boolean;
    os?: readonly string[];
    primaryEnv?: string;
    skillKey?: string;
    requires?: SkillRequires;
  } = {};
  const always = openclaw["always"];
  if (typeof always === "boolean") metadata.always = always;
  else if (always !== undefined && always !== null)
    warn("metadata.openclaw.always", "true or false", always);

  const os = readStringList(openclaw["os"], "metadata.openclaw.os", warn, budget);
  if (os !== undefined) metadata.os = os;
  for (const key of ["primaryEnv", "skillKey"] as const) {
    const field = openclaw[key];
    if (typeof field === "string" && field.trim() !== "") {
      if (spend(budget, `metadata.openclaw.${key}`, field)) metadata[key] = field.trim();
    } else if (field !== undefined && field !== null)
      warn(`metadata.openclaw.${key}`, "a non-empty string", field);
  }

  const requires = openclaw["requires"];
  if (isPlainRecord(requires)) {
    const result: {
      bins?: readonly string[];
      anyBins?: readonly string[];
      env?: readonly string[];
      config?: readonly string[];
    } = {};
    for (const key of ["bins", "anyBins", "env", "config"] as const) {
      const list = readStringList(requires[key], `metadata.openclaw.requires.${key}`, warn, budget);
      if (list !== undefined) result[key] = list;
    }
    if (Object.keys(result).length > 0) metadata.requires = result;
  } else if (requires !== undefined && requires !== null) {
    warn("metadata.openclaw.requires", "a mapping", requires);
  }
  return metadata;
}

function readStringList(
  value: unknown,
  field: string,
  warn: Warn,
  budget: MetadataBudget,
): readonly string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") {
    if (!spend(budget, field, value)) return undefined;
    return value.trim() === "" ? undefined : [value.trim()];
  }
  if (Array.isArray(value) && value.length > MAX_METADATA_LIST_ITEMS) {
    budget.exceeded ??= field;
    return undefined;
  }
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    if (!value.every((item: string) => spend(budget, field, item))) return undefined;
    const list = value.map((item: string) => item.trim()).filter((item) => item !== "");
    return list;
  }
  warn(field, "a string or a list of strings", value);
  return undefined;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return "a string";
  return `a ${typeof value}`;
}

function describeYamlError(error: unknown): string {
  if (typeof error !== "object" || error === null) return "unreadable frontmatter";
  const reason =
    "reason" in error && typeof error.reason === "string"
      ? error.reason
      : error instanceof Error
        ? (error.message.split("\n")[0] ?? "")
        : "";
  const mark = "mark" in error ? error.mark : undefined;
  // js-yaml counts lines from 0 inside the block, whose line 0 is the opening fence's (file line 1).
  const line =
    typeof mark === "object" && mark !== null && "line" in mark && typeof mark.line === "number"
      ? ` at line ${mark.line + 1}`
      : "";
  return reason === "" ? "unreadable frontmatter" : `${reason}${line}`;
}

function truncateForMessage(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
