// What each workspace file is for, in the order Project Context lists them. The embedded
// harness says this in its Workspace Files section; on Codex that section is not rendered (the
// files travel on Codex's own surfaces), so the thread instructions carry the note instead.
const FILE_ROLES: readonly (readonly [name: string, role: string])[] = Object.freeze([
  ["AGENTS.md", "AGENTS.md holds the workspace's rules"],
  ["SOUL.md", "SOUL.md is the persona to follow"],
  ["IDENTITY.md", "IDENTITY.md says who you are"],
  ["USER.md", "USER.md holds the user's preferences"],
  ["MEMORY.md", "MEMORY.md holds durable facts"],
]);

/**
 * The workspace-files note of a Codex thread: the role of each file this turn routes (wherever
 * it goes, Codex's own AGENTS.md discovery included), and, with AGENTS.md, that a tool named in
 * it is not thereby callable. `undefined` when no file with a known role is routed.
 */
export function formatWorkspaceFilesNote(fileNames: readonly string[]): string | undefined {
  const roles = FILE_ROLES.filter(([name]) => fileNames.includes(name)).map(([, role]) => role);
  if (roles.length === 0) return undefined;
  const lines = ["## Workspace Files", `${roles.join("; ")}.`];
  if (fileNames.includes("AGENTS.md")) {
    lines.push("Tool notes in AGENTS.md never make a tool available; only tool definitions do.");
  }
  return lines.join("\n");
}
