import type { SessionKind } from "@promptstack/renderer";
import { HEARTBEAT_FILE_NAME } from "./bootstrap-file-names.js";

const SUBAGENT_FILES: ReadonlySet<string> = new Set(["AGENTS.md"]);
const CRON_FILES: ReadonlySet<string> = new Set(["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md"]);

/** True when a session of `sessionKind` may receive a bootstrap file called `name`. */
export function isBootstrapFileAllowedForSession(name: string, sessionKind: SessionKind): boolean {
  // Heartbeat scratch goes into the heartbeat user message, never into bootstrap context.
  if (name === HEARTBEAT_FILE_NAME) return false;
  if (sessionKind === "subagent") return SUBAGENT_FILES.has(name);
  if (sessionKind === "cron") return CRON_FILES.has(name);
  return true;
}

/**
 * Keeps the files a session may see: sub-agents get AGENTS.md only; cron turns get AGENTS,
 * SOUL, IDENTITY and USER; no session gets HEARTBEAT.md. Pure; keeps order.
 */
export function filterBootstrapFilesForSession<T extends { readonly name: string }>(
  files: readonly T[],
  sessionKind: SessionKind,
): T[] {
  return files.filter((file) => isBootstrapFileAllowedForSession(file.name, sessionKind));
}
