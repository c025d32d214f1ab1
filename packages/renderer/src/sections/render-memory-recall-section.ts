import { hasTool, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

const CITATION_LINES = Object.freeze({
  on: "Cite each memory you rely on as `Source: <path>#<line>`.",
  off: "Do not add memory citations to replies.",
  auto: "Cite a memory source when it helps the user check it.",
});

// Compact size states only a constraint: `auto` leaves citing to judgment, so it has no line.
const COMPACT_CITATION_CLAUSES = Object.freeze({
  on: "cite as `Source: <path>#<line>`",
  off: "no citations",
  auto: undefined,
});

/** Memory recall: static instructions, only with memory tools and a configured citation mode. */
export function renderMemoryRecallSection(context: SectionRenderContext): string[] | undefined {
  const recall = context.input.memoryRecall;
  const search = hasTool(context, "memory_search");
  const get = hasTool(context, "memory_get");
  if (recall === undefined || (!search && !get)) return undefined;
  if (isCompact(context)) {
    // One line of clauses; the section needs a memory tool, so there is always a first clause.
    const clauses: string[] = [];
    if (search) clauses.push("Past work, decisions, people, preferences: `memory_search` first");
    if (get) clauses.push("`memory_get`: needed lines only");
    const citation = COMPACT_CITATION_CLAUSES[recall.citations];
    if (citation !== undefined) clauses.push(citation);
    return [`${clauses.join("; ")}.`];
  }
  const lines: string[] = [];
  if (search) {
    lines.push(
      "Before answering about past work, decisions, people or preferences, search memory with `memory_search`.",
    );
  }
  if (get) lines.push("Read only the memory lines you need with `memory_get`.");
  lines.push(CITATION_LINES[recall.citations]);
  return lines;
}
