import type { SkillEnvironment } from "@promptstack/agent";
import { z } from "zod";
import { CliError } from "../cli-error.js";
import { readJsonFile } from "./read-json-file.js";

// Built when a file is read, not when the module loads: start-up constructs no schema.
function toSkillEnvironmentFileSchema() {
  return z
    .object({
      platform: z.string().min(1),
      bins: z.array(z.string().min(1)).default([]),
      env: z.record(z.string(), z.string()).default({}),
    })
    .strict();
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
  const parsed = toSkillEnvironmentFileSchema().safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
    throw new CliError(
      "CLI_SKILL_ENV_INVALID",
      `skill environment ${displayPath} is invalid: ${issues}.`,
      {
        path: displayPath,
        hint: 'Write {"platform": "linux", "bins": ["git"], "env": {"NAME": "value"}}.',
      },
    );
  }
  const bins = new Set(parsed.data.bins);
  return {
    platform: parsed.data.platform,
    env: parsed.data.env,
    hasBin: (name) => bins.has(name),
  };
}
