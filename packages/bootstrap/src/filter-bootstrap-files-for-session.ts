import type { ChatType, SessionKind } from "@promptstack/renderer";
import { HEARTBEAT_FILE_NAME } from "./bootstrap-file-names.js";

const SUBAGENT_FILES: ReadonlySet<string> = new Set(["AGENTS.md"]);
const CRON_FILES: ReadonlySet<string> = new Set(["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md"]);
const MEMORY_FILE_NAME = "MEMORY.md";

/**
 * True when the session is the owner's own: the main session or a direct chat (heartbeat turns
 * run in the main session). Any group or channel chat is shared, whatever its session kind says.
 */
export function isOwnerPrivateSession(sessionKind: SessionKind, chatType?: ChatType): boolean {
  if (chatType === "group" || chatType === "channel") return false;
  return sessionKind === "main" || sessionKind === "direct" || sessionKind === "heartbeat";
}

/**
 * True when a session of `sessionKind` (in a chat of `chatType`, when known) may receive a
 * bootstrap file called `name`. The root MEMORY.md holds the owner's private notes: only the
 * owner's own sessions get it (see `isOwnerPrivateSession`), never a group, channel, sub-agent
 * or cron session.
 */
export function isBootstrapFileAllowedForSession(
  name: string,
  sessionKind: SessionKind,
  chatType?: ChatType,
): boolean {
  // Heartbeat scratch goes into the heartbeat user message, never into bootstrap context.
  if (name === HEARTBEAT_FILE_NAME) return false;
  if (name === MEMORY_FILE_NAME && !isOwnerPrivateSession(sessionKind, chatType)) return false;
  if (sessionKind === "subagent") return SUBAGENT_FILES.has(name);
  if (sessionKind === "cron") return CRON_FILES.has(name);
  return true;
}

/**
 * Keeps the files a session may see: sub-agents get AGENTS.md only; cron turns get AGENTS,
 * SOUL, IDENTITY and USER; MEMORY.md reaches only the owner's main session and direct chats;
 * no session gets HEARTBEAT.md. Pure; keeps order.
 */
export function filterBootstrapFilesForSession<T extends { readonly name: string }>(
  files: readonly T[],
  sessionKind: SessionKind,
  chatType?: ChatType,
): T[] {
  return files.filter((file) => isBootstrapFileAllowedForSession(file.name, sessionKind, chatType));
}
