import { hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Sandbox: the sandboxed runtime, its paths, and whether elevated exec exists. */
export function renderSandboxSection(context: SectionRenderContext): string[] | undefined {
  const sandbox = context.input.sandbox;
  if (sandbox?.enabled !== true) return undefined;
  const lines = ["You run inside a sandboxed runtime."];
  if (hasText(sandbox.containerWorkdir)) {
    lines.push(`Sandbox working directory: ${sandbox.containerWorkdir.trim()}`);
  }
  if (hasText(sandbox.hostWorkdir)) {
    lines.push(`It is mounted from the host path: ${sandbox.hostWorkdir.trim()}`);
  }
  if (sandbox.elevatedExec === true) {
    lines.push("Elevated exec on the host exists; the current elevation level governs it.");
  } else if (sandbox.elevatedExec === false) {
    lines.push("There is no elevated exec on the host.");
  }
  return lines;
}
