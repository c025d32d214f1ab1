import { hasText, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Workspace: the working directory. */
export function renderWorkspaceSection(context: SectionRenderContext): string[] | undefined {
  const dir = context.input.workspaceDir;
  if (!hasText(dir)) return undefined;
  if (isCompact(context)) return [`Working directory: ${dir.trim()}`];
  return [
    `Working directory: ${dir.trim()}`,
    "Resolve relative file paths against it unless told otherwise.",
  ];
}
