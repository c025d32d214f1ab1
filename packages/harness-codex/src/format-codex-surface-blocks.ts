import type { CodexWorkspaceFile } from "./resolve-codex-turn-plan.js";

/** One workspace file as a `## NAME` block. */
export function formatFileBlock(file: CodexWorkspaceFile): string {
  return `## ${file.name}\n${file.content.trimEnd()}`;
}

/** The AGENTS.md snapshot for the thread, cut at `limit` chars outside a surrogate pair. */
export function formatAgentsSnapshot(file: CodexWorkspaceFile, limit: number): string {
  const content = file.content.trimEnd();
  const heading = `## Workspace AGENTS.md (snapshot of ${file.path})`;
  if (content.length <= limit) return `${heading}\n${content}`;
  let end = Math.max(0, limit);
  const code = content.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${heading}\n${content.slice(0, end)}\n[snapshot truncated at ${end} of ${content.length} chars; read ${file.path} for the rest]`;
}

/** The skills list under its `## Skills` heading. */
export function formatSkillsBlock(skills: string): string {
  return `## Skills\nRead a skill's SKILL.md at its location before using it.\n${skills}`;
}

/** The legacy collaboration carrier: the persona files, marked as reaching native history. */
export function formatLegacyCarrier(files: readonly CodexWorkspaceFile[]): string {
  return [
    "## Persona",
    "This connection has no parent-only channel: these files also reach native history.",
    ...files.map(formatFileBlock),
  ].join("\n");
}

/** The heartbeat note: read the configured heartbeat file and act on it. */
export function formatHeartbeatNote(path: string): string {
  return [
    "## Heartbeat",
    "This is a scheduled heartbeat turn.",
    `Read ${path} and do what it asks.`,
    "If nothing needs attention, say so briefly.",
  ].join("\n");
}
