import { isAbsolute, relative, sep } from "node:path";

/** How absolute paths are shown in outputs. */
export interface DisplayPathContext {
  /** Absolute workspace directory. */
  readonly workspaceDir: string;
  /** How the workspace directory itself is shown. */
  readonly displayWorkspaceDir: string;
}

/**
 * Shows a path inside the workspace under the workspace's display name (so the demo's outputs
 * never depend on where the repository is cloned); other paths stay as they are.
 */
export function toDisplayPath(path: string, context: DisplayPathContext): string {
  if (context.workspaceDir === context.displayWorkspaceDir) return path;
  const rel = relative(context.workspaceDir, path);
  if (rel === "") return context.displayWorkspaceDir;
  if (rel.startsWith("..") || isAbsolute(rel)) return path;
  return `${context.displayWorkspaceDir}/${rel.split(sep).join("/")}`;
}
