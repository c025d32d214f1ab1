import type { SkillEnvironment } from "@promptstack/agent";
import { CliError } from "../cli-error.js";
import { readJsonFile } from "./read-json-file.js";

/** A skill environment file's three keys, checked. */
interface SkillEnvironmentFile {
  readonly platform: string;
  readonly bins: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

const KEYS = new Set(["platform", "bins", "env"]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Checks a parsed skill environment file: `platform` a non-empty string, `bins` (default `[]`)
 * non-empty strings, `env` (default `{}`) string values, no other key. Checked by hand, not with
 * a zod schema: building one was the first schema of every `render` and cost milliseconds of
 * each start. Returns the file, or every problem as `path: what`.
 */
export function checkSkillEnvironmentFile(raw: unknown): SkillEnvironmentFile | string[] {
  if (!isRecord(raw)) return ["(root): expected an object"];
  const issues: string[] = [];
  for (const key of Object.keys(raw)) {
    if (!KEYS.has(key)) issues.push(`${key}: unknown key`);
  }
  const { platform, bins = [], env = {} } = raw;
  if (typeof platform !== "string" || platform === "") {
    issues.push("platform: expected a non-empty string");
  }
  if (!Array.isArray(bins)) issues.push("bins: expected an array of command names");
  else {
    bins.forEach((bin: unknown, index) => {
      if (typeof bin !== "string" || bin === "") {
        issues.push(`bins.${index}: expected a non-empty string`);
      }
    });
  }
  if (!isRecord(env)) issues.push("env: expected an object of string values");
  else {
    for (const [name, value] of Object.entries(env)) {
      if (typeof value !== "string") issues.push(`env.${name}: expected a string`);
    }
  }
  if (issues.length > 0) return issues;
  return {
    platform: platform as string,
    bins: bins as string[],
    // Own properties only, whatever the names: a `__proto__` key stays a key.
    env: Object.fromEntries(Object.entries(env as Record<string, string>)),
  };
}

/**
 * Reads a hermetic skill environment (`{ platform, bins, env }`) so skill gates do not depend
 * on the machine the CLI runs on.
 */
export async function readSkillEnvironment(
  path: string,
  displayPath: string,
): Promise<SkillEnvironment> {
  const raw = await readJsonFile(path, displayPath, "CLI_SKILL_ENV_INVALID", "skill environment");
  const checked = checkSkillEnvironmentFile(raw);
  if (Array.isArray(checked)) {
    throw new CliError(
      "CLI_SKILL_ENV_INVALID",
      `skill environment ${displayPath} is invalid: ${checked.join("; ")}.`,
      {
        path: displayPath,
        hint: 'Write {"platform": "linux", "bins": ["git"], "env": {"NAME": "value"}}.',
      },
    );
  }
  const bins = new Set(checked.bins);
  return {
    platform: checked.platform,
    env: checked.env,
    hasBin: (name) => bins.has(name),
  };
}
