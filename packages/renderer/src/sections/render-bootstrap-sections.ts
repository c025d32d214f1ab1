import { isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

const LEADING_BLANK_LINES = /^(?:[ \t]*\n)+/;

// What each bootstrap file is for. One fixed passage, the same whichever files a session gets,
// so that sessions that see different files (MEMORY.md stays out of shared chats) still share
// the longest possible stable prefix.
const FILE_ROLES: readonly string[] = Object.freeze([
  "Where present: AGENTS.md holds the workspace's rules; SOUL.md is the persona to follow; IDENTITY.md says who you are; USER.md holds the user's preferences; MEMORY.md holds durable facts.",
  "Tool notes in AGENTS.md never make a tool available; only tool definitions do.",
]);

const COMPACT_FILE_ROLES: readonly string[] = Object.freeze([
  "Project Context: follow AGENTS.md; embody SOUL.md's persona. Tool notes never grant tools.",
]);

/** Bootstrap pending: a brand-new workspace still has BOOTSTRAP.md to work through. */
export function renderBootstrapPendingSection(context: SectionRenderContext): string[] | undefined {
  if (context.input.bootstrapPending !== true) return undefined;
  if (isCompact(context)) {
    return [
      "BOOTSTRAP.md is pending (new workspace): work through it with the user, then delete it.",
    ];
  }
  return [
    "This workspace is brand new and BOOTSTRAP.md is pending.",
    "Work through it with the user first, then delete it once it is done.",
  ];
}

/**
 * Workspace files (injected): a lead-in, the fixed truncation notice, then Project Context with
 * one `## <path>` block per file. Blank lines separate the blocks because files carry Markdown.
 */
export function renderWorkspaceFilesSection(context: SectionRenderContext): string[] | undefined {
  const files = context.input.contextFiles;
  if (files === undefined || files.length === 0) return undefined;
  const compact = isCompact(context);
  const lines = compact
    ? [...COMPACT_FILE_ROLES]
    : ["The workspace's bootstrap files are injected below under Project Context.", ...FILE_ROLES];
  if (context.input.bootstrapTruncated === true) {
    if (compact) lines.push("Some were truncated: read a file directly for all of it.");
    else
      lines.push(
        "Some of them were truncated to fit the prompt budget.",
        "Read an affected file directly when you need all of it.",
      );
  }
  const fenced = context.profile.fenceContextFiles === true;
  if (fenced) {
    lines.push(
      compact
        ? "Headings inside a <file> tag belong to that file."
        : "Each file sits inside a <file> tag; headings inside a tag belong to that file, not to this prompt.",
    );
  }
  lines.push("", "## Project Context");
  for (const file of files) {
    // Leading and trailing blank lines would break the one-blank-line spacing between blocks.
    const content = file.content.replace(LEADING_BLANK_LINES, "").trimEnd();
    if (fenced) {
      // A file's own `## ` lines stay intact but inside the tag, so none can pass for a prompt
      // section; any `</file>` inside the content is quoted so it cannot close the tag early.
      const safe = content.replace(/<\/file>/gi, "<\\/file>");
      lines.push("", `<file path="${escapeAttribute(file.path.trim())}">`);
      if (safe !== "") lines.push(safe);
      lines.push("</file>");
      continue;
    }
    lines.push("", `## ${file.path.trim()}`);
    if (content !== "") lines.push(content);
  }
  return lines;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
