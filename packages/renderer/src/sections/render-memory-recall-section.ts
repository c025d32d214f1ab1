import { hasTool, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

const CITATION_LINES = Object.freeze({
  on: "Cite each memory you rely on as `Source: <path>#<line>`.",
  off: "Do not add memory citations to replies.",
  auto: "Cite a memory source when it helps the user check it.",
});

const COMPACT_CITATION_LINES = Object.freeze({
  on: "Cite as `Source: <path>#<line>`.",
  off: "No citations.",
  auto: "Cite sources when useful.",
});

/** Memory recall: static instructions, only with memory tools and a configured citation mode. */
export function renderMemoryRecallSection(context: SectionRenderContext): string[] | undefined {
  const recall = context.input.memoryRecall;
  const search = hasTool(context, "memory_search");
  const get = hasTool(context, "memory_get");
  if (recall === undefined || (!search && !get)) return undefined;
  if (isCompact(context)) {
    const lines: string[] = [];
    if (search) {
      lines.push("Past work, decisions, people, preferences: `memory_search` first.");
    }
    if (get) lines.push("`memory_get`: needed lines only.");
    lines.push(COMPACT_CITATION_LINES[recall.citations]);
    return lines;
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
