import { hasText, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Sandbox: the sandboxed runtime, its paths, and whether elevated exec exists. */
export function renderSandboxSection(context: SectionRenderContext): string[] | undefined {
  const sandbox = context.input.sandbox;
  if (sandbox?.enabled !== true) return undefined;
  if (isCompact(context)) {
    let where = "";
    if (hasText(sandbox.containerWorkdir)) where += ` at ${sandbox.containerWorkdir.trim()}`;
    if (hasText(sandbox.hostWorkdir)) where += ` (host: ${sandbox.hostWorkdir.trim()})`;
    const lines = [`You run in a sandbox${where}.`];
    if (sandbox.elevatedExec === true) {
      lines.push("Elevated host exec exists; the elevation level governs it.");
    } else if (sandbox.elevatedExec === false) {
      lines.push("No elevated host exec.");
    }
    return lines;
  }
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
