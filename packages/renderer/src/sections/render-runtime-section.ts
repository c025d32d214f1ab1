import { hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Appends `label=value` to a `|`-separated list when the value has text. */
function addPart(parts: string, label: string, value: string | undefined): string {
  if (!hasText(value)) return parts;
  const part = `${label}=${value.trim()}`;
  return parts === "" ? part : `${parts} | ${part}`;
}

/**
 * Runtime: one line of host facts, plus the co-author trailer when there is one. The fields are
 * read one by one (not through a table of names): this section renders on every turn.
 */
export function renderRuntimeSection(context: SectionRenderContext): string[] | undefined {
  const runtime = context.volatile?.runtime;
  if (runtime === undefined) return undefined;
  let parts = addPart("", "host", runtime.host);
  parts = addPart(parts, "agent", runtime.agentId);
  parts = addPart(parts, "os", runtime.os);
  parts = addPart(parts, "arch", runtime.arch);
  parts = addPart(parts, "node", runtime.node);
  parts = addPart(parts, "shell", runtime.shell);
  parts = addPart(parts, "model", runtime.model);
  parts = addPart(parts, "default_model", runtime.defaultModel);
  parts = addPart(parts, "repo", runtime.repoRoot);
  parts = addPart(parts, "session", runtime.sessionKey);
  const lines = parts === "" ? [] : [`Runtime: ${parts}`];
  if (hasText(runtime.coAuthorTrailer)) {
    lines.push(`Git co-author trailer for commits: ${runtime.coAuthorTrailer.trim()}`);
  }
  return lines.length === 0 ? undefined : lines;
}
