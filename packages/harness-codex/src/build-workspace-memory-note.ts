/** The short note sent instead of MEMORY.md when memory tools can read it on demand. */
export function buildWorkspaceMemoryNote(): string {
  return [
    "Workspace memory lives in MEMORY.md and memory/*.md; it is not pasted here.",
    "Use memory_search to find relevant notes and memory_get to read one.",
    "Check memory before answering questions about past work, decisions or preferences.",
  ].join("\n");
}
