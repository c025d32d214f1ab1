import { lstat, mkdir, open } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { BootstrapError } from "./bootstrap-error.js";
import { BOOTSTRAP_TEMPLATES } from "./bootstrap-templates.js";
import type { BootstrapTemplateName } from "./bootstrap-templates.js";

/** Result of `seedBootstrapTemplates`. */
export interface SeededBootstrapTemplates {
  /** Templates written by this call, in order. */
  readonly created: readonly BootstrapTemplateName[];
  /** Templates left alone because a file (or any entry) already had the name. */
  readonly existing: readonly BootstrapTemplateName[];
}

const PERSONA_TEMPLATES: readonly BootstrapTemplateName[] = [
  "AGENTS.md",
  "SOUL.md",
  "IDENTITY.md",
  "USER.md",
];

function errorCode(error: unknown): string {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = error.code;
    if (typeof code === "string") return code;
  }
  return "an unknown error";
}

async function entryExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return false;
    throw new BootstrapError(
      "BOOTSTRAP_SEED_FAILED",
      `Cannot look at ${path} (${errorCode(error)}).`,
      { path, hint: "Check the workspace folder's permissions.", cause: error },
    );
  }
}

/**
 * Writes the missing bootstrap templates into the configured workspace (created if absent).
 * It takes no execution folder, so it cannot write into one; callers pass the configured
 * workspace for every session kind, child sessions and cron turns included. BOOTSTRAP.md is seeded only into a brand-new workspace, one
 * that had none of AGENTS, SOUL, IDENTITY, USER. Uses exclusive create, so a file that appears
 * between the check and the write is never overwritten, and a dangling symlink is not followed.
 */
export async function seedBootstrapTemplates(
  workspaceDir: string,
): Promise<SeededBootstrapTemplates> {
  if (typeof workspaceDir !== "string" || !isAbsolute(workspaceDir)) {
    throw new BootstrapError(
      "BOOTSTRAP_INVALID_OPTIONS",
      `workspaceDir must be an absolute path, got ${JSON.stringify(String(workspaceDir))}.`,
      { path: "workspaceDir", hint: "Resolve the workspace path before seeding." },
    );
  }
  try {
    await mkdir(workspaceDir, { recursive: true });
  } catch (error) {
    throw new BootstrapError(
      "BOOTSTRAP_BAD_WORKSPACE",
      `Cannot create the workspace folder ${workspaceDir} (${errorCode(error)}).`,
      { path: workspaceDir, hint: "Point the agent workspace at a writable folder.", cause: error },
    );
  }
  const missingPersona: boolean[] = await Promise.all(
    PERSONA_TEMPLATES.map(async (name) => !(await entryExists(join(workspaceDir, name)))),
  );
  const brandNew = missingPersona.every(Boolean);
  const names: BootstrapTemplateName[] = brandNew
    ? [...PERSONA_TEMPLATES, "BOOTSTRAP.md"]
    : [...PERSONA_TEMPLATES];
  const created: BootstrapTemplateName[] = [];
  const existing: BootstrapTemplateName[] = [];
  for (const name of names) {
    const path = join(workspaceDir, name);
    let handle;
    try {
      handle = await open(path, "wx");
    } catch (error) {
      if (errorCode(error) === "EEXIST") {
        existing.push(name);
        continue;
      }
      throw new BootstrapError(
        "BOOTSTRAP_SEED_FAILED",
        `Cannot create ${path} (${errorCode(error)}).`,
        { path, hint: "Check the workspace folder's permissions.", cause: error },
      );
    }
    try {
      await handle.writeFile(BOOTSTRAP_TEMPLATES[name], "utf8");
    } catch (error) {
      throw new BootstrapError(
        "BOOTSTRAP_SEED_FAILED",
        `Cannot write ${path} (${errorCode(error)}).`,
        {
          path,
          hint: "Check the free space and the workspace folder's permissions.",
          cause: error,
        },
      );
    } finally {
      await handle.close();
    }
    created.push(name);
  }
  return { created, existing };
}
