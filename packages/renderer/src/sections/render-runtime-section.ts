import { hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";
import type { RuntimeFacts } from "../types.js";

const RUNTIME_FIELDS: readonly (readonly [keyof RuntimeFacts, string])[] = Object.freeze([
  ["host", "host"],
  ["os", "os"],
  ["node", "node"],
  ["model", "model"],
  ["repoRoot", "repo"],
  ["sessionKey", "session"],
]);

/** Runtime: one line of host facts, plus the co-author trailer when there is one. */
export function renderRuntimeSection(context: SectionRenderContext): string[] | undefined {
  const runtime = context.input.volatile?.runtime;
  if (runtime === undefined) return undefined;
  const parts: string[] = [];
  for (const [field, label] of RUNTIME_FIELDS) {
    const value = runtime[field];
    if (hasText(value)) parts.push(`${label}=${value.trim()}`);
  }
  const lines = parts.length === 0 ? [] : [`Runtime: ${parts.join(" | ")}`];
  if (hasText(runtime.coAuthorTrailer)) {
    lines.push(`Git co-author trailer for commits: ${runtime.coAuthorTrailer.trim()}`);
  }
  return lines.length === 0 ? undefined : lines;
}
