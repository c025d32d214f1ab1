import { hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/**
 * Workspace changes: the change note of a session-pinned prefix. The workspace files, skills and
 * settings in the system prompt are the copies this session started with; the lines say what changed
 * since, and the model is told to read a file again before relying on its old copy.
 */
export function renderWorkspaceChangesSection(context: SectionRenderContext): string[] | undefined {
  const changes = context.volatile?.workspaceChanges;
  if (changes === undefined) return undefined;
  const lines: string[] = [];
  for (const line of changes) if (hasText(line)) lines.push(line.trimEnd());
  if (lines.length === 0) return undefined;
  return [
    "The workspace files, skills and settings in the system prompt are the copies this session started with. These changed since:",
    ...lines,
    "Read a changed file (or skill) again before relying on its old copy in the system prompt.",
  ];
}
